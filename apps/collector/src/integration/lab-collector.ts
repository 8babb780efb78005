import path from 'node:path';
import type { Lab } from '../../../../test-support/samba-ad/samba-lab';
import { COLLECTOR_VERSION } from '../collector-version';
import { parseConfig } from '../config';
import { ApiClient } from '../upload/api-client';

/** The Samba suites' common set-up: a collector config for the lab DC (LDAP + SMB) and its client for a test server. */
export async function labCollector(lab: Lab, options: { port: number; clientId: string; apiKey: string; work: string; machineCode: string }) {
  const { port, clientId, apiKey, work, machineCode } = options;
  const config = await parseConfig(
    {
      serverUrl: `http://127.0.0.1:${port}`,
      clientId,
      apiKey,
      ldap: { url: `ldap://${lab.ip}`, bindDn: lab.bindUpn, password: lab.password },
      sysvol: { mode: 'smb' },
      stateDir: path.join(work, 'state'),
    },
    work,
  );
  const api = new ApiClient({ serverUrl: config.serverUrl, clientId, apiKey, collectorVersion: COLLECTOR_VERSION, machineCode, timeoutMs: 60_000 });
  return { config, api };
}
