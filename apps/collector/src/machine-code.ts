import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** A stable id of this machine (host name + OS machine id), hashed so nothing identifying leaves it. */
export function machineCode(): string {
  let machineId = '';
  for (const file of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try {
      machineId = readFileSync(file, 'utf8').trim();
      if (machineId) break;
    } catch {
      // try the next one
    }
  }
  return `mc-${createHash('sha256').update(`${hostname()}|${machineId}`).digest('hex').slice(0, 32)}`;
}
