/**
 * What the collector installer zip holds (one folder, `burgwall-collector/`). The server builds the zip from this
 * list and the web pages describe the download with it, so page and zip cannot drift apart.
 */
export interface InstallerFile {
  name: string;
  /** German, shown on the download pages. */
  description: string;
  system: 'Windows' | 'Linux' | 'beide';
}

export const INSTALLER_FOLDER = 'burgwall-collector';

export const INSTALLER_FILES: readonly InstallerFile[] = [
  { name: 'burgwall-collector.exe', description: 'Der Collector für Windows (ohne Node.js, eine Datei)', system: 'Windows' },
  { name: 'burgwall-collector-service.exe', description: 'Dienst-Hülle (WinSW), startet den Collector als Windows-Dienst und nach Fehlern neu', system: 'Windows' },
  { name: 'install.ps1', description: 'Installation als Windows-Dienst nach %ProgramFiles%\\Burgwall, Protokolle in %ProgramData%\\Burgwall\\logs (als Administrator ausführen, Entfernen mit -Uninstall)', system: 'Windows' },
  { name: 'burgwall-collector', description: 'Der Collector für Linux x64 (ohne Node.js, eine Datei)', system: 'Linux' },
  { name: 'install.sh', description: 'Installation als systemd-Dienst mit eigenem Benutzer, Konfiguration in /etc/burgwall/collector.json (als root ausführen, Entfernen mit --uninstall)', system: 'Linux' },
  { name: 'burgwall-collector.json', description: 'Vorausgefüllte Konfiguration mit Server-Adresse, Kunden-ID und eigenem Collector-Schlüssel', system: 'beide' },
  { name: 'LIESMICH.txt', description: 'Anleitung zur Installation, Einrichtung und Fehlersuche', system: 'beide' },
];

/** The one command per system the download pages show. */
export const INSTALLER_COMMANDS = {
  Windows: '.\\install.ps1',
  Linux: 'sudo sh install.sh',
} as const;
