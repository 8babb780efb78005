import { parseArgs } from './args';

const USAGE = `burgwall-collector – liest Active Directory und sendet Daten an Burgwall

Befehle:
  activate   Lizenz des Collectors aktivieren
  run        Daten sammeln und regelmäßig senden
  help       Diese Hilfe anzeigen`;

const { command } = parseArgs(process.argv.slice(2));
if (!command || command === 'help') {
  console.log(USAGE);
  process.exit(0);
}
console.error(`Unbekannter Befehl: ${command}\n\n${USAGE}`);
process.exit(2);
