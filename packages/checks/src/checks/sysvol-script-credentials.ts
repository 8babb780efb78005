import type { SysvolScript } from '@burgwall/shared';
import type { CheckSnapshot } from '../check-snapshot';
import { defineCheck } from '../define-check';
import { type AffectedObject, found, skipped } from '../types';

export const NO_SCRIPT_SCAN = 'Der Collector hat die Anmeldeskripte in NETLOGON/SYSVOL nicht gelesen (Collector-Version zu alt).';

function affectedScript(snapshot: CheckSnapshot, script: SysvolScript): AffectedObject {
  const gpo = script.gpoId ? snapshot.gpos.find((candidate) => candidate.gpoId.toLowerCase() === script.gpoId?.toLowerCase()) : undefined;
  const where = script.gpoId ? `Skript der Gruppenrichtlinie „${gpo?.displayName ?? script.gpoId}“` : 'Anmeldeskript in NETLOGON';
  // The collector masked the secrets before upload: the excerpts are shown as they arrived.
  const lines = script.hits.map((hit) => `Zeile ${hit.line} (${hit.kind}): ${hit.excerpt}`);
  const truncated = script.truncated ? ' (nur der Anfang der Datei wurde geprüft)' : '';
  return {
    objectKey: `sysvol:${script.path.toLowerCase()}`,
    objectType: 'sysvol-file',
    name: script.path,
    distinguishedName: gpo?.distinguishedName ?? null,
    evidence: `${where}${truncated}: ${lines.join('; ')}`,
  };
}

/** CHECKS.md §2.2 #6 (SYSVOL / NETLOGON scripts): credentials in scripts every domain user can read. */
export const sysvolScriptCredentials = defineCheck({
  slug: 'sysvol-script-credentials',
  title: 'Kennwörter in Anmeldeskripten (NETLOGON/SYSVOL)',
  description:
    'Ein Skript in der NETLOGON-Freigabe oder im Skriptordner einer Gruppenrichtlinie (.bat, .cmd, .ps1, .vbs, .kix) enthält Zugangsdaten, z. B. „net use … /user:…“ mit Kennwort, „ConvertTo-SecureString … -AsPlainText“, „password=“ oder „runas /savecred“.',
  whyItMatters:
    'NETLOGON und SYSVOL kann jeder Domänenbenutzer und jeder Domänencomputer lesen. Ein dort hinterlegtes Kennwort ist damit für jeden Angreifer im Netz sofort nutzbar, oft für Dienst- oder Administratorkonten.',
  remediation: [
    'Entfernen Sie die Zugangsdaten aus dem Skript (auch aus auskommentierten Zeilen und alten Kopien).',
    'Ändern Sie das Kennwort der betroffenen Konten, da es als bekannt gelten muss.',
    'Verbinden Sie Laufwerke mit den Rechten des angemeldeten Benutzers (Gruppenrichtlinien-Einstellungen „Laufwerkszuordnungen“ ohne Kennwort) und verwenden Sie für Dienste gMSA-Konten.',
  ],
  category: 'secrets',
  criticality: 'critical',
  scoreImpact: 12,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    const scan = snapshot.sysvolScripts;
    if (!scan) return skipped(NO_SCRIPT_SCAN);
    const affected = scan.scripts.filter((script) => script.hits.length > 0).map((script) => affectedScript(snapshot, script));
    if (affected.length > 0) return found(affected);
    // Unread scripts may hold the credentials: never "kein Befund" then.
    if (scan.readError) return skipped(`Anmeldeskripte nicht vollständig lesbar: ${scan.readError}`);
    return found([]);
  },
});
