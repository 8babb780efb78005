import JSZip from 'jszip';
import type { Db } from '../db/database';
import { issueActivationKey } from './activation-keys';
import { type CollectorInstallerConfig, INSTALLER_CONFIG_FILE } from './installer-config';

const README = (config: CollectorInstallerConfig) => `Burgwall Collector – Installationspaket
=======================================

Kunde:   ${config.clientName}
Server:  ${config.serverUrl}
Modus:   ${config.mode}

Dieses Paket enthält die Konfiguration für den Burgwall Collector dieses Kunden.
Der Aktivierungsschlüssel in ${INSTALLER_CONFIG_FILE} gilt nur für diesen Kunden –
bitte behandeln Sie die Datei vertraulich.

Windows (PowerShell als Administrator, auf einem Mitgliedsserver der Domäne):
  .\\install.ps1

Linux:
  sudo ./install.sh

Der Collector liest das Active Directory per LDAP und die Gruppenrichtlinien aus
SYSVOL und sendet die Daten verschlüsselt an ${config.serverUrl}.
`;

const INSTALL_SH = `#!/bin/sh
# Installs the Burgwall collector configuration and starts a first run.
set -eu
dir=/etc/burgwall-collector
mkdir -p "$dir"
install -m 600 "$(dirname "$0")/${INSTALLER_CONFIG_FILE}" "$dir/${INSTALLER_CONFIG_FILE}"
echo "Konfiguration installiert: $dir/${INSTALLER_CONFIG_FILE}"
if command -v burgwall-collector >/dev/null 2>&1; then
  burgwall-collector run --config "$dir/${INSTALLER_CONFIG_FILE}" --once
else
  echo "Bitte installieren Sie den Burgwall Collector (npm install -g @burgwall/collector) und starten Sie:"
  echo "  burgwall-collector run --config $dir/${INSTALLER_CONFIG_FILE}"
fi
`;

const INSTALL_PS1 = `# Installs the Burgwall collector configuration and starts a first run.
$ErrorActionPreference = 'Stop'
$dir = Join-Path $env:ProgramData 'Burgwall\\Collector'
New-Item -ItemType Directory -Force -Path $dir | Out-Null
Copy-Item -Force (Join-Path $PSScriptRoot '${INSTALLER_CONFIG_FILE}') (Join-Path $dir '${INSTALLER_CONFIG_FILE}')
icacls (Join-Path $dir '${INSTALLER_CONFIG_FILE}') /inheritance:r /grant:r 'SYSTEM:F' 'Administrators:F' | Out-Null
Write-Host "Konfiguration installiert: $dir\\${INSTALLER_CONFIG_FILE}"
if (Get-Command burgwall-collector -ErrorAction SilentlyContinue) {
  burgwall-collector run --config (Join-Path $dir '${INSTALLER_CONFIG_FILE}') --once
} else {
  Write-Host 'Bitte installieren Sie den Burgwall Collector und starten Sie: burgwall-collector run --config' (Join-Path $dir '${INSTALLER_CONFIG_FILE}')
}
`;

export interface Installer {
  fileName: string;
  zip: Buffer;
  config: CollectorInstallerConfig;
}

/** A zip with the client's collector configuration (a fresh activation key each download) and install scripts. */
export async function buildInstaller(db: Db, serverUrl: string, clientId: string): Promise<Installer | undefined> {
  const client = await db.selectFrom('client').select(['client_name', 'client_mode']).where('client_id_pk', '=', clientId).executeTakeFirst();
  if (!client) return undefined;
  const { key } = await issueActivationKey(db, clientId);
  const config: CollectorInstallerConfig = {
    version: 1,
    serverUrl,
    clientId,
    clientName: client.client_name,
    mode: client.client_mode,
    activationKey: key,
    createdAt: new Date().toISOString(),
  };
  const zip = new JSZip();
  zip.file(INSTALLER_CONFIG_FILE, `${JSON.stringify(config, null, 2)}\n`);
  zip.file('install.sh', INSTALL_SH, { unixPermissions: 0o755 });
  zip.file('install.ps1', INSTALL_PS1);
  zip.file('LIESMICH.txt', README(config));
  const buffer = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', platform: 'UNIX' });
  const safe = client.client_name.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'Kunde';
  return { fileName: `burgwall-collector-${safe}.zip`, zip: buffer, config };
}
