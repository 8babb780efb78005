/**
 * The one rule for tests that need a real dependency outside npm (a Samba AD DC, root, ldapsearch, smbclient,
 * Chromium, pdftotext …): when it is missing, the test skips with a printed reason on a developer machine, and fails
 * with a message naming the dependency when CI=true, so a CI run can never pass by skipping.
 *
 * vitest:
 *   const gate = requireDependency('collector against Samba', sambaLabMissing());
 *   describe.skipIf(gate.skip)('…', () => { beforeAll(() => { gate.assertAvailable(); … }); … });
 * Playwright:
 *   test.skip(gate.skip, gate.message); test.beforeAll(() => gate.assertAvailable());
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export interface DependencyGate {
  /** What is missing, or null when the test can run. */
  readonly missing: string | null;
  /** True only when something is missing and CI is not 'true': pass it to describe.skipIf / test.skip. */
  readonly skip: boolean;
  /** One line naming the missing dependency and what happens (skip or fail); '' when nothing is missing. */
  readonly message: string;
  /** Throws the missing-dependency error when the test must fail (CI=true); call it first in beforeAll. */
  assertAvailable(): void;
}

/** True when missing dependencies must fail the tests: CI=true (exactly, as CI systems set it). */
export function failsOnMissingDependency(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === 'true';
}

/**
 * Decides, once per suite, what a test with the missing dependency `missing` (null: nothing missing) does.
 * Prints the skip reason right away (`log`, console.warn by default) so a skipped run says why.
 */
export function requireDependency(
  suite: string,
  missing: string | null,
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.warn,
): DependencyGate {
  if (missing === null) return { missing, skip: false, message: '', assertAvailable: () => undefined };
  if (failsOnMissingDependency(env)) {
    const message = `[${suite}] FAILED: missing dependency: ${missing}. CI=true: a test whose real dependency is missing fails instead of skipping.`;
    return {
      missing,
      skip: false,
      message,
      assertAvailable: () => {
        throw new Error(message);
      },
    };
  }
  const message = `[${suite}] SKIPPED: missing dependency: ${missing} (with CI=true this fails).`;
  log(message);
  return { missing, skip: true, message, assertAvailable: () => undefined };
}

/** The commands of `commands` that are not executable files on PATH (env.PATH), in the given order. */
export function missingCommands(commands: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return commands.filter(
    (command) =>
      !dirs.some((dir) => {
        const file = path.join(dir, command);
        try {
          accessSync(file, constants.X_OK);
          return statSync(file).isFile();
        } catch {
          return false;
        }
      }),
  );
}

/** 'pdftotext (apt-get install poppler-utils)' for the missing commands, or null when all are on PATH. */
export function missingCommandsReason(commands: readonly string[], install: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const missing = missingCommands(commands, env);
  return missing.length === 0 ? null : `${missing.join(', ')} not found on PATH (${install})`;
}
