/** The outcome of one setup/doctor step: what was tested, and on failure what went wrong and how to fix it (German). */
export interface CheckResult {
  step: string;
  ok: boolean;
  /** What was found (ok) or what went wrong (failed). */
  text: string;
  /** Only on failure: what the administrator should do. */
  fix?: string;
}

export const passed = (step: string, text: string): CheckResult => ({ step, ok: true, text });
export const failed = (step: string, text: string, fix: string): CheckResult => ({ step, ok: false, text, fix });

/** One line per step for the terminal: ✓/✗, the finding and, on failure, the fix. */
export function formatResult(result: CheckResult): string {
  if (result.ok) return `✓ ${result.step}: ${result.text}`;
  return `✗ ${result.step}: ${result.text}\n  → Lösung: ${result.fix}`;
}
