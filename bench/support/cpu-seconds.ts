/**
 * CPU time spent by the processes of a bench run, from Linux's /proc: whether a run is bound by the machine's cores
 * (then only less work makes it faster) or by waiting (then overlapping would).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of /proc/<pid>/stat (fields 14–17; the command name in parentheses may hold spaces). */
function processTicks(pid: string): { name: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime … cstime are fields 14–17.
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { name, ticks };
  } catch {
    return null; // ended between the listing and the read
  }
}

/** Non-idle ticks of all cores since boot (/proc/stat's first line without idle and iowait). */
function machineBusyTicks(): { busy: number; all: number } {
  const [, ...values] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/);
  const ticks = values.map(Number);
  const all = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: all - idle, all };
}

export interface CpuReading {
  server: number;
  postgres: number;
  machineBusy: number;
  machineAll: number;
}

/**
 * One reading: the server process (all its threads, the evaluation worker included), every PostgreSQL process
 * (backends that ended are in the postmaster's children's times once it reaped them), and the whole machine.
 */
export function readCpu(serverPid: number): CpuReading {
  let postgres = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const process = processTicks(pid);
    if (process?.name === 'postgres') postgres += process.ticks;
  }
  const machine = machineBusyTicks();
  return { server: processTicks(String(serverPid))?.ticks ?? 0, postgres, machineBusy: machine.busy, machineAll: machine.all };
}

export interface CpuSpent {
  serverS: number;
  postgresS: number;
  /** Busy core-seconds of the whole machine (the bench process and anything else included). */
  machineBusyS: number;
  /** Share of the machine's cores busy over the interval, 0–1. */
  machineBusyShare: number;
  cores: number;
}

/** CPU seconds between two readings. */
export function cpuSpent(before: CpuReading, after: CpuReading): CpuSpent {
  const seconds = (ticks: number) => Number((ticks / TICKS_PER_SECOND).toFixed(1));
  const all = after.machineAll - before.machineAll;
  return {
    serverS: seconds(after.server - before.server),
    postgresS: seconds(after.postgres - before.postgres),
    machineBusyS: seconds(after.machineBusy - before.machineBusy),
    machineBusyShare: all > 0 ? Number(((after.machineBusy - before.machineBusy) / all).toFixed(2)) : 0,
    cores: cpus().length,
  };
}
