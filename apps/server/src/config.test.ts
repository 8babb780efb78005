import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRET, loadConfig } from './config';

/** A data directory of its own, so a generated installation secret never lands in the repository's data/. */
const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'burgwall-config-'));

describe('loadConfig', () => {
  it('has defaults for a plain start', () => {
    const config = loadConfig({ DATA_DIR: freshDataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ DATABASE_POOL_SIZE: '1' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: '5', MIGRATION_CONCURRENCY: '5' }, 'MIGRATION_CONCURRENCY'],
    [{ APP_ENV: 'staging' }, 'APP_ENV'],
    [{ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }, 'OIDC_ISSUER'],
    [{ OIDC_ISSUER: 'https://sso.example.de/realms/burgwall' }, 'OIDC_CLIENT_ID'],
    [{ SELFHOSTED_LICENSE_SERVER_URL: 'https://app.burgwall.de' }, 'SELFHOSTED_UUID'],
    [{ SELFHOSTED_LICENSE_SERVER_URL: 'https://app.burgwall.de', SELFHOSTED_UUID: '11111111-1111-4111-8111-111111111111', SELFHOSTED_LICENSE_KEY: 'falsch' }, 'SELFHOSTED_LICENSE_KEY'],
    [{ APP_ENV: 'dev', SELFHOSTED_LICENSE_SERVER_URL: 'https://app.burgwall.de', SELFHOSTED_UUID: '11111111-1111-4111-8111-111111111111', SELFHOSTED_LICENSE_KEY: `bwl_${'a'.repeat(43)}` }, 'APP_ENV'],
  ])('names the bad variable in %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration – ${variable}:`));
  });

  it('accepts a complete external issuer and defaults to the embedded one', () => {
    expect(loadConfig({ DATA_DIR: freshDataDir() }).OIDC_ISSUER).toBeUndefined();
    expect(loadConfig({ DATA_DIR: freshDataDir() }).APP_ENV).toBe('selfhosted');
    const external = loadConfig({
      APP_ENV: 'dev',
      OIDC_ISSUER: 'https://sso.example.de/realms/burgwall',
      OIDC_CLIENT_ID: 'burgwall',
      OIDC_CLIENT_SECRET: 'geheim',
    });
    expect(external.OIDC_ISSUER).toBe('https://sso.example.de/realms/burgwall');
  });

  describe('APP_SECRET', () => {
    it('refuses APP_ENV=prod without a secret of its own, naming the variable', () => {
      expect(() => loadConfig({ APP_ENV: 'prod', DATA_DIR: freshDataDir() })).toThrow(/^Invalid configuration – APP_SECRET: required with APP_ENV=prod/);
    });

    it.each(['prod', 'selfhosted', 'demo', 'next'])('refuses the public development value with APP_ENV=%s', (appEnv) => {
      expect(() => loadConfig({ APP_ENV: appEnv, APP_SECRET: DEVELOPMENT_SECRET, DATA_DIR: freshDataDir() })).toThrow(/APP_SECRET: the public development value/);
    });

    it('refuses an external database without a secret (several instances must share one value)', () => {
      expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example.de/burgwall', DATA_DIR: freshDataDir() })).toThrow(/APP_SECRET: required/);
    });

    it('gives a single-machine installation a random secret of its own, kept readable only by its owner', () => {
      const dataDir = freshDataDir();
      const first = loadConfig({ DATA_DIR: dataDir }).APP_SECRET;
      expect(first).not.toBe(DEVELOPMENT_SECRET);
      expect(first.length).toBeGreaterThanOrEqual(48);
      expect(loadConfig({ DATA_DIR: dataDir }).APP_SECRET).toBe(first);
      expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim()).toBe(first);
      expect(statSync(path.join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600);
    });

    it('uses the development value only with APP_ENV=dev, and an explicit secret everywhere', () => {
      expect(loadConfig({ APP_ENV: 'dev', DATA_DIR: freshDataDir() }).APP_SECRET).toBe(DEVELOPMENT_SECRET);
      expect(loadConfig({ APP_ENV: 'prod', APP_SECRET: 'a-long-random-secret-of-our-own' }).APP_SECRET).toBe('a-long-random-secret-of-our-own');
    });
  });
});
