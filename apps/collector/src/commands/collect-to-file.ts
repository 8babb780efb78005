import { writeFile } from 'node:fs/promises';
import { COLLECTOR_VERSION } from '../collector-version';
import type { CollectorConfig } from '../config';
import { collectSnapshot } from '../directory/collect-snapshot';

/** `collect --once --out file`: one full collection written as JSON, nothing sent (for debugging). */
export async function collectToFile(config: CollectorConfig, out: string, print: (line: string) => void): Promise<void> {
  const started = Date.now();
  const { snapshot } = await collectSnapshot(config.ldap, config.sysvol, COLLECTOR_VERSION);
  await writeFile(out, `${JSON.stringify(snapshot, null, 2)}\n`, { mode: 0o600 });
  print(
    `Snapshot in ${out} geschrieben (${Date.now() - started} ms): ${snapshot.users.length} Benutzer, ${snapshot.groups.length} Gruppen, ` +
      `${snapshot.computers.length} Computer, ${snapshot.organizationalUnits.length} OUs, ${snapshot.gpos.length} GPOs`,
  );
}
