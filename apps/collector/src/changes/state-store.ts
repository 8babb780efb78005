import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ObjectClass } from '@burgwall/shared';
import type { TrackedValues } from './tracked-values';

export interface ObjectState {
  objectClass: ObjectClass;
  distinguishedName: string;
  values: TrackedValues;
}

/** What the collector remembers between runs: where incremental reads start and the last seen values. */
export interface CollectorState {
  highestUsn: number;
  /** Change of DC (invocation) or a restored DC makes USNs incomparable; then a full read re-baselines. */
  domainGuid: string | null;
  lastFullCollectionAt: string | null;
  objects: Record<string, ObjectState>;
}

const stateSchema = z.object({
  version: z.literal(1),
  highestUsn: z.number().int().nonnegative(),
  domainGuid: z.string().nullable(),
  lastFullCollectionAt: z.string().nullable(),
  objects: z.record(z.string(), z.object({ objectClass: z.string(), distinguishedName: z.string(), values: z.record(z.string(), z.string()) })),
});

export function emptyState(): CollectorState {
  return { highestUsn: 0, domainGuid: null, lastFullCollectionAt: null, objects: {} };
}

const fileOf = (stateDir: string) => path.join(stateDir, 'state.json');

export async function loadState(stateDir: string): Promise<CollectorState | null> {
  let text: string;
  try {
    text = await readFile(fileOf(stateDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = stateSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`Zustandsdatei ${fileOf(stateDir)} ist beschädigt: ${parsed.error.issues[0]?.message}`);
  const { version: _version, ...state } = parsed.data;
  return state as CollectorState;
}

/** Writes the state atomically (temp file + rename), so a crash leaves the old or the new state, never half. */
export async function saveState(stateDir: string, state: CollectorState): Promise<void> {
  await mkdir(stateDir, { recursive: true });
  const target = fileOf(stateDir);
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify({ version: 1, ...state }), { mode: 0o600 });
  await rename(temp, target);
}
