import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CollectorVersionAnswer } from '@burgwall/shared';
import { REPO_ROOT } from '../paths';

/** The collector version this server ships (apps/collector/package.json). */
export const COLLECTOR_VERSION: string = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'apps/collector/package.json'), 'utf8'),
).version;

/** Numeric dotted-version comparison ('0.10.0' > '0.9.1'); pre-release suffixes are ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[-+]/)[0]!.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/** SPEC §3 collector version shape: status, newestVersion, path (where to download it). */
export function versionStatus(installed: string | null, clientId: string): CollectorVersionAnswer {
  const status: CollectorVersionAnswer['status'] = !installed ? 'not-installed' : compareVersions(installed, COLLECTOR_VERSION) < 0 ? 'update-available' : 'up-to-date';
  return { status, newestVersion: COLLECTOR_VERSION, path: `/client/${clientId}/collector/installer` };
}
