import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COLLECTOR_VERSION } from './collector-version';

// The collector's command line as users call it: help and version answer with exit code 0, an unknown command with a
// German message and exit code 2.
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const runCli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('burgwall-collector command line', () => {
  it.each(['--help', '-h', 'help'])('%s prints the German usage and exits 0', (flag) => {
    const result = runCli(flag);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Befehle:');
    expect(result.stdout).toContain('run [--config datei] [--once] [--full]');
  });

  it.each(['--version', '-v', 'version'])('%s prints the version and exits 0', (flag) => {
    const result = runCli(flag);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(COLLECTOR_VERSION);
  });

  it('refuses an unknown command with exit code 2', () => {
    const result = runCli('sammeln');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Unbekannter Befehl: sammeln');
  });
});
