import { parseArgs } from './args';
import { COLLECTOR_VERSION } from './collector-version';
import { activate } from './commands/activate';
import { collectToFile } from './commands/collect-to-file';
import { doctor } from './commands/doctor';
import { run } from './commands/run';
import { runSetup } from './commands/setup';
import { ConfigError, loadConfig } from './config';
import { machineCode } from './machine-code';
import { ApiClient } from './upload/api-client';

const USAGE = `burgwall-collector ${COLLECTOR_VERSION} – liest Active Directory und sendet Daten an Burgwall

Befehle:
  setup [--config datei]                     Einrichtungsassistent: Domänencontroller, LDAPS/StartTLS, Konto und
        [--ldap-url url] [--account konto]   Passwort abfragen, jeden Schritt prüfen, speichern und aktivieren
        [--ca-file pem] [--non-interactive]  (Passwort ohne Nachfrage: Umgebungsvariable BURGWALL_LDAP_PASSWORD)
  doctor [--config datei]                    DNS, TCP 389/636, Zertifikat, Anmeldung, SYSVOL, Server, Schlüssel und
                                             Uhrzeit prüfen und bei Fehlern die Lösung nennen
  activate [--config datei]                  Lizenz des Collectors aktivieren
  run [--config datei] [--once] [--full]     Daten sammeln und regelmäßig senden (--full: sofort alles erfassen)
  collect --once --out datei [--config datei]  Einmal erfassen und als JSON speichern (ohne Senden)
  help, --help, -h                           Diese Hilfe anzeigen
  version, --version, -v                     Version anzeigen

Standard für --config: ./burgwall-collector.json`;

async function main(argv: string[]): Promise<number> {
  const first = argv[0];
  if (first === undefined || ['help', '--help', '-h'].includes(first)) {
    console.log(USAGE);
    return 0;
  }
  if (['version', '--version', '-v'].includes(first)) {
    console.log(COLLECTOR_VERSION);
    return 0;
  }
  const { command, options } = parseArgs(argv);
  if (!command) return 2;
  if (!['activate', 'run', 'collect', 'setup', 'doctor'].includes(command)) {
    console.error(`Unbekannter Befehl: ${command}\n\n${USAGE}`);
    return 2;
  }
  const configFile = typeof options.config === 'string' ? options.config : 'burgwall-collector.json';
  const print = (line: string) => console.log(line);
  if (command === 'setup') {
    const text = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
    const ready = await runSetup({
      configFile,
      ldapUrl: text('ldap-url'),
      account: text('account'),
      password: process.env.BURGWALL_LDAP_PASSWORD || undefined,
      caFile: text('ca-file'),
      interactive: options['non-interactive'] !== true && process.stdin.isTTY === true,
      print,
    });
    return ready ? 0 : 1;
  }
  const config = await loadConfig(configFile);
  const api = new ApiClient({ serverUrl: config.serverUrl, clientId: config.clientId, apiKey: config.apiKey, collectorVersion: COLLECTOR_VERSION, machineCode: config.machineCode ?? machineCode() });
  if (command === 'doctor') return (await doctor(config, api, print)) ? 0 : 1;
  if (command === 'activate') {
    await activate(config, api, print);
    return 0;
  }
  if (command === 'collect') {
    if (options.once !== true || typeof options.out !== 'string') {
      console.error('collect braucht --once und --out <datei>');
      return 2;
    }
    await collectToFile(config, options.out, print);
    return 0;
  }
  const controller = new AbortController();
  process.once('SIGTERM', () => controller.abort());
  process.once('SIGINT', () => controller.abort());
  await run(config, api, { once: options.once === true, full: options.full === true, print, signal: controller.signal });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Fehler: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
