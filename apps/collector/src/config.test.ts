import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, smbIdentityOf } from './config';

const valid = {
  serverUrl: 'https://burgwall.example.de/',
  clientId: '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01',
  apiKey: `bwc_${'A'.repeat(43)}`,
  ldap: { url: 'ldaps://dc01.firma.local', bindDn: 'svc-burgwall@FIRMA.LOCAL', password: 'geheim' },
};

describe('collector config', () => {
  it('fills defaults: SMB SYSVOL with the LDAP host and identity, state next to the config', async () => {
    const config = await parseConfig(valid, '/opt/burgwall', {});
    expect(config.serverUrl).toBe('https://burgwall.example.de');
    expect(config.ldap).toMatchObject({ url: 'ldaps://dc01.firma.local', startTls: false, tlsRejectUnauthorized: true, pageSize: 1000 });
    expect(config.sysvol).toEqual({
      mode: 'smb',
      host: 'dc01.firma.local',
      share: 'sysvol',
      username: 'svc-burgwall',
      password: 'geheim',
      domain: 'FIRMA.LOCAL',
      smbclientPath: 'smbclient',
    });
    expect(config.stateDir).toBe('/opt/burgwall/state');
  });

  it('resolves a mounted SYSVOL path relative to the config file', async () => {
    const config = await parseConfig({ ...valid, sysvol: { mode: 'path', root: 'mnt/sysvol' }, stateDir: '/var/lib/bw' }, '/opt/burgwall');
    expect(config.sysvol).toEqual({ mode: 'path', root: '/opt/burgwall/mnt/sysvol' });
    expect(config.stateDir).toBe('/var/lib/bw');
  });

  it('takes the state folder from BURGWALL_STATE_DIR (systemd unit, Windows service) over the file', async () => {
    const config = await parseConfig({ ...valid, stateDir: './state' }, '/etc/burgwall', { BURGWALL_STATE_DIR: '/var/lib/burgwall' });
    expect(config.stateDir).toBe('/var/lib/burgwall');
    expect((await parseConfig({ ...valid, stateDir: './state' }, '/etc/burgwall', {})).stateDir).toBe('/etc/burgwall/state');
  });

  it('names every bad field in German', async () => {
    const bad = { ...valid, clientId: 'ABC', apiKey: 'secret', ldap: { ...valid.ldap, url: 'http://dc' } };
    const error = await parseConfig(bad, '/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/clientId: muss eine UUID/);
    expect((error as Error).message).toMatch(/apiKey: muss ein Collector-Schlüssel/);
    expect((error as Error).message).toMatch(/ldap\.url: muss ldap:\/\//);
  });

  it('requires SMB credentials when the bind name is a DN', async () => {
    const withDn = { ...valid, ldap: { ...valid.ldap, bindDn: 'CN=svc,CN=Users,DC=firma,DC=local' } };
    await expect(parseConfig(withDn, '/')).rejects.toThrow('sysvol.username');
    const explicit = await parseConfig({ ...withDn, sysvol: { mode: 'smb', username: 'svc', domain: 'FIRMA' } }, '/');
    expect(explicit.sysvol).toMatchObject({ username: 'svc', domain: 'FIRMA', password: 'geheim' });
  });

  it('splits UPN and down-level logon names', () => {
    expect(smbIdentityOf('a@B.C')).toEqual({ username: 'a', domain: 'B.C' });
    expect(smbIdentityOf('FIRMA\\svc')).toEqual({ username: 'svc', domain: 'FIRMA' });
    expect(smbIdentityOf('CN=x,DC=y')).toBeNull();
  });
});
