import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failsOnMissingDependency, missingCommands, missingCommandsReason, requireDependency } from './require-dependency';
import { sambaLabMissing } from './samba-ad/samba-lab';

function gate(missing: string | null, env: NodeJS.ProcessEnv) {
  const printed: string[] = [];
  return { gate: requireDependency('suite x', missing, env, (line) => printed.push(line)), printed };
}

describe('requireDependency', () => {
  it('runs the test when nothing is missing, with or without CI', () => {
    for (const env of [{ CI: 'true' }, {}]) {
      const { gate: result, printed } = gate(null, env);
      expect(result).toMatchObject({ missing: null, skip: false, message: '' });
      expect(() => result.assertAvailable()).not.toThrow();
      expect(printed).toEqual([]);
    }
  });

  it('fails with CI=true, naming the missing dependency', () => {
    const { gate: result, printed } = gate('samba-tool not found on PATH', { CI: 'true' });
    expect(result.skip).toBe(false);
    expect(() => result.assertAvailable()).toThrow('[suite x] FAILED: missing dependency: samba-tool not found on PATH. CI=true');
    expect(printed).toEqual([]);
  });

  it('skips with a printed reason without CI (CI unset, empty or not exactly "true")', () => {
    for (const env of [{}, { CI: '' }, { CI: 'false' }, { CI: '1' }]) {
      const { gate: result, printed } = gate('root', env);
      expect(result.skip).toBe(true);
      expect(() => result.assertAvailable()).not.toThrow();
      expect(printed).toEqual(['[suite x] SKIPPED: missing dependency: root (with CI=true this fails).']);
      expect(result.message).toBe(printed[0]);
    }
  });

  it('reads CI from process.env by default', () => {
    expect(failsOnMissingDependency()).toBe(process.env.CI === 'true');
  });
});

describe('missingCommands', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'burgwall-require-dependency-'));
  writeFileSync(path.join(dir, 'tool-here'), '#!/bin/sh\n', { mode: 0o755 });
  writeFileSync(path.join(dir, 'not-executable'), 'text', { mode: 0o644 });
  mkdirSync(path.join(dir, 'a-directory'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists the commands that are no executable file on PATH, in order', () => {
    const env = { PATH: `/nonexistent${path.delimiter}${dir}` };
    expect(missingCommands(['tool-here', 'tool-gone', 'not-executable', 'a-directory'], env)).toEqual(['tool-gone', 'not-executable', 'a-directory']);
    expect(missingCommandsReason(['tool-here'], 'apt-get install x', env)).toBeNull();
    expect(missingCommandsReason(['tool-gone', 'tool-here'], 'apt-get install x', env)).toBe('tool-gone not found on PATH (apt-get install x)');
  });

  it('names the Samba tools when they are not on PATH', () => {
    const reason = sambaLabMissing({ PATH: dir });
    if (process.getuid?.() === 0) expect(reason).toMatch(/^Samba AD DC tools: samba, samba-tool, .*smbclient, ldapsearch.* not found on PATH \(apt-get install samba /);
    else expect(reason).toMatch(/^root /);
  });
});
