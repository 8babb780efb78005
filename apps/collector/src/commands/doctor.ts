import type { CollectorConfig } from '../config';
import { formatResult } from '../setup/check-result';
import { diagnoseDirectory, diagnoseServer } from '../setup/diagnose';
import type { ApiClient } from '../upload/api-client';

/** `doctor`: the wizard's tests on the current config, any time; true when everything passed. */
export async function doctor(config: CollectorConfig, api: ApiClient, print: (line: string) => void): Promise<boolean> {
  const report = (result: Parameters<typeof formatResult>[0]) => print(formatResult(result));
  print('Verbindung zum Domänencontroller:');
  const directory = await diagnoseDirectory(config.ldap, config.sysvol, report);
  print('Verbindung zu Burgwall:');
  const server = await diagnoseServer(config.serverUrl, api, report);
  print(directory && server ? 'Alles in Ordnung.' : 'Mindestens eine Prüfung ist fehlgeschlagen – siehe „Lösung“ oben.');
  return directory && server;
}
