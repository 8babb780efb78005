import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for a plain start', () => {
    const config = loadConfig({});
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
    [{ APP_ENV: 'staging' }, 'APP_ENV'],
    [{ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }, 'OIDC_ISSUER'],
    [{ OIDC_ISSUER: 'https://sso.example.de/realms/burgwall' }, 'OIDC_CLIENT_ID'],
  ])('names the bad variable in %j', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration – ${variable}:`));
  });

  it('accepts a complete external issuer and defaults to the embedded one', () => {
    expect(loadConfig({}).OIDC_ISSUER).toBeUndefined();
    expect(loadConfig({}).APP_ENV).toBe('selfhosted');
    const external = loadConfig({
      OIDC_ISSUER: 'https://sso.example.de/realms/burgwall',
      OIDC_CLIENT_ID: 'burgwall',
      OIDC_CLIENT_SECRET: 'geheim',
    });
    expect(external.OIDC_ISSUER).toBe('https://sso.example.de/realms/burgwall');
  });
});
