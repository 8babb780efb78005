import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A running postmaster found through the `postmaster.pid` file PostgreSQL keeps in its data directory. */
export interface RunningPostmaster {
  pid: number;
  port: number;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (still alive).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The postmaster still running on `databaseDir`, or undefined. A pid file left by a crashed postmaster (process gone,
 * or the pid reused by something that is no PostgreSQL) is no running postmaster; PostgreSQL itself replaces it.
 */
export function runningPostmaster(databaseDir: string): RunningPostmaster | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // Lines: pid, data directory, start time, port, socket directory, listen address, shared memory key, status.
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  const commandLine = `/proc/${pid}/cmdline`;
  if (existsSync(commandLine) && !readFileSync(commandLine, 'utf8').includes('postgres')) return undefined;
  return { pid, port };
}

/**
 * Stops a postmaster no server owns any more with a fast shutdown (SIGINT: open transactions are rolled back, the data
 * stays consistent); after `timeoutMs` an immediate one (SIGQUIT, crash recovery at the next start).
 */
export async function stopPostmaster(pid: number, timeoutMs = 20_000): Promise<void> {
  const waitForExit = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    return !isAlive(pid);
  };
  process.kill(pid, 'SIGINT');
  if (await waitForExit(timeoutMs)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(5_000)) return;
  throw new Error(`the embedded PostgreSQL (pid ${pid}) did not stop`);
}
