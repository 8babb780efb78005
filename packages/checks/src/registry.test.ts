import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTRA_NOT_CONNECTED, NO_AD_SNAPSHOT, evaluateChecks } from './evaluate';
import { ioaDetectors } from './attacks/registry';
import { referencesOf } from './references';
import { SPEC_SLUGS, checkRegistry } from './registry';
import { cleanEntraSnapshot } from './testing/entra-fixtures';
import { cleanSnapshot } from './testing/fixtures';

const checksDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'checks');
const GERMAN = /(^|\s)(der|die|das|den|dem|des|und|ist|sind|hat|haben|kann|nicht|ein|eine|jedem|oder|mit|für|auf|von|zu|im|sie)\s/i;

/** Test files that run a shared suite (`testing/*-suite.ts`) get that suite's cases counted as theirs. */
const SHARED_SUITES: Record<string, string> = {
  describeDcRegistryRequirement: path.join(checksDir, '..', 'testing', 'dc-registry-requirement-suite.ts'),
};
function withSharedSuites(text: string): string {
  const suites = Object.entries(SHARED_SUITES).filter(([name]) => text.includes(`${name}(`));
  return [text, ...suites.map(([, file]) => readFileSync(file, 'utf8'))].join('\n');
}

describe('check registry', () => {
  it('holds the 12 spec slugs first and at least 75 checks, slugs unique and kebab-case', () => {
    expect(checkRegistry.slice(0, 12).map((check) => check.slug)).toEqual([...SPEC_SLUGS]);
    expect(checkRegistry.length).toBeGreaterThanOrEqual(75);
    const slugs = checkRegistry.map((check) => check.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('registers every check file, and every check has its own test with a triggering and a clean fixture', () => {
    const files = readdirSync(checksDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(files.map((file) => file.replace(/\.ts$/, '')).sort()).toEqual(checkRegistry.map((check) => check.slug).sort());
    for (const check of checkRegistry) {
      const testFile = path.join(checksDir, `${check.slug}.test.ts`);
      expect(existsSync(testFile), `${check.slug} has no test`).toBe(true);
      const text = withSharedSuites(readFileSync(testFile, 'utf8'));
      expect(text, `${check.slug} test lacks a non-triggering case`).toMatch(/it\('(does not trigger|is skipped)/);
      expect(text, `${check.slug} test lacks a triggering case`).toMatch(/it\('triggers/);
      if (check.thresholds.length > 0) expect(text, `${check.slug} test lacks a threshold edge`).toMatch(/edge|configured/);
    }
  });

  it('has German texts, remediation steps, a positive impact and sane thresholds for every check', () => {
    for (const check of checkRegistry) {
      for (const text of [check.description, check.whyItMatters]) expect(text, check.slug).toMatch(GERMAN);
      expect(check.title.length, check.slug).toBeGreaterThan(5);
      expect(check.remediation.length, check.slug).toBeGreaterThan(0);
      expect(check.scoreImpact, check.slug).toBeGreaterThan(0);
      for (const threshold of check.thresholds) {
        expect(threshold.min <= threshold.default && threshold.default <= threshold.max, `${check.slug}.${threshold.key}`).toBe(true);
      }
    }
  });

  it('finds nothing on the clean domain; Entra checks are skipped without Entra data and run with it', () => {
    for (const { check, outcome } of evaluateChecks({ ad: cleanSnapshot() })) {
      expect(outcome.affected, check.slug).toEqual([]);
      expect(outcome.skippedReason, check.slug).toBe(check.directory === 'ad' ? null : ENTRA_NOT_CONNECTED);
    }
    const ad = cleanSnapshot();
    for (const { check, outcome } of evaluateChecks({ ad, entra: cleanEntraSnapshot(ad) })) {
      expect(outcome, check.slug).toEqual({ affected: [], skippedReason: null });
    }
    for (const { check, outcome } of evaluateChecks({ entra: cleanEntraSnapshot() })) {
      expect(outcome.skippedReason, check.slug).toBe(check.directory === 'entra' ? null : NO_AD_SNAPSHOT);
    }
  });

  it('gives every check and IoA detector a MITRE ATT&CK technique, and only well-formed BSI and ANSSI ids', () => {
    const slugs = [...checkRegistry.map((check) => check.slug), ...ioaDetectors.map((detector) => detector.slug)];
    expect(new Set(slugs).size, 'check and detector slugs are distinct').toBe(slugs.length);
    for (const slug of slugs) {
      const references = referencesOf(slug);
      expect(references.mitre.length, `${slug} has no MITRE ATT&CK id`).toBeGreaterThan(0);
      for (const id of references.mitre) expect(id, slug).toMatch(/^T\d{4}(\.\d{3})?$/);
      for (const id of references.bsi) expect(id, slug).toMatch(/^(APP|ORP|OPS|SYS)\.\d+(\.\d+)?\.A\d+$/);
      for (const id of references.anssi) expect(id, slug).toMatch(/^vuln_[a-z0-9_]+$/);
    }
  });

  it('reports a throwing check as skipped instead of failing the evaluation', () => {
    const broken = { ...checkRegistry[0], slug: 'broken', detect: () => { throw new Error('kaputt'); } } as (typeof checkRegistry)[number];
    const [result] = evaluateChecks({ ad: cleanSnapshot() }, {}, [broken]);
    expect(result?.outcome.skippedReason).toBe('Prüfung fehlgeschlagen: kaputt');
  });
});
