import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { CollectorExecutable, CollectorExecutables } from '@burgwall/shared';
import { COLLECTOR_EXECUTABLES } from '../collector/installer';
import { COLLECTOR_VERSION } from '../collector/collector-version';

/** Hashes by path, valid while size and mtime stay (the executables are ~80 MB each: hashed once per build). */
const hashes = new Map<string, { stamp: string; sha256: Promise<string> }>();

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export interface ExecutableSource {
  name: string;
  from: string;
  system: 'Windows' | 'Linux';
}

/** Size and SHA-256 of one executable as it is on disk now (available false when it is not built). */
export async function describeExecutable(executable: ExecutableSource): Promise<CollectorExecutable> {
  const info = await stat(executable.from).catch(() => null);
  if (!info?.isFile()) return { name: executable.name, system: executable.system, available: false, sha256: null, size: null };
  const stamp = `${info.size}:${info.mtimeMs}`;
  let cached = hashes.get(executable.from);
  if (cached?.stamp !== stamp) {
    cached = { stamp, sha256: sha256Of(executable.from) };
    hashes.set(executable.from, cached);
    cached.sha256.catch(() => hashes.delete(executable.from));
  }
  return { name: executable.name, system: executable.system, available: true, sha256: await cached.sha256, size: info.size };
}

/** What this server actually ships in its installer zips: the collector version and each built executable. */
export async function collectorExecutables(): Promise<CollectorExecutables> {
  return {
    version: COLLECTOR_VERSION,
    installerPath: '/client/{clientUUID}/collector/installer',
    quickcheckInstallerPath: '/client/{clientUUID}/quickcheck/collector/installer',
    executables: await Promise.all(COLLECTOR_EXECUTABLES.map(describeExecutable)),
  };
}
