// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The drift guard of eslint.config.js (no-restricted-syntax for the web's REST calls), run through ESLint's Node API
// on made-up files: answer and body types come from @burgwall/shared, never from a hand-written shape.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const webSrc = path.join(repoRoot, 'apps/web/src');
const eslint = new ESLint({ cwd: repoRoot });

/** no-restricted-syntax messages for `code` linted as if it were the file `file` under apps/web/src. */
async function apiTypeErrors(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: path.join(webSrc, file) });
  return results.flatMap((result) => result.messages).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

const header = [
  "import type { ClientLicense } from '@burgwall/shared';",
  "import { apiCall, apiRequest, callApi } from '../../lib/api-client';",
  "import { useApi } from '../../lib/api-query';",
  "import { useApiData } from './use-api-data';",
  '',
].join('\n');

describe('web API types come from @burgwall/shared', { timeout: 60_000 }, () => {
  it('forbids an inline answer shape on apiCall and apiRequest', async () => {
    const code = `${header}export const a = () => apiCall<{ price: string }>('a', { path: '/a' });\nexport const b = () => apiCall<Array<{ id: string }>>('b', { path: '/b' });\n`;
    const errors = await apiTypeErrors('features/probe/probe-api.ts', code);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/@burgwall\/shared/);
    const direct = await apiTypeErrors('features/probe/probe-page.ts', `${header}export const c = apiRequest<{ url: string }>('c', { path: '/c' });\n`);
    expect(direct.some((message) => /handgeschriebenen/.test(message))).toBe(true);
  });

  it('requires apiCall to name its answer type', async () => {
    const errors = await apiTypeErrors('features/probe/probe-api.ts', `${header}export const a = () => apiCall('a', { path: '/a' });\n`);
    expect(errors).toEqual([expect.stringMatching(/apiCall braucht den Antworttyp/)]);
  });

  it('forbids generics by hand on useApiQuery and callApi', async () => {
    const code = [
      header,
      "export const getA = () => apiCall<ClientLicense>('a', { path: '/a' });",
      'export function usePage() {',
      '  useApiQuery<ClientLicense>(getA());',
      '  return callApi<ClientLicense>(getA());',
      '}',
      '',
    ].join('\n');
    expect(await apiTypeErrors('features/probe/probe-page.ts', code)).toHaveLength(2);
  });

  it('forbids apiRequest outside the API client', async () => {
    const errors = await apiTypeErrors('features/probe/probe-page.ts', `${header}export const c = apiRequest<ClientLicense>('c', { path: '/c' });\n`);
    expect(errors).toEqual([expect.stringMatching(/nicht apiRequest direkt/)]);
  });

  it('allows typed calls with the shared types', async () => {
    const code = [
      header,
      "export const getA = (id: string) => apiCall<ClientLicense>('a', { path: '/a/{id}', required: { id } });",
      'export function usePage() {',
      "  const license = useApiQuery(getA('1'));",
      "  const again = callApi(getA('1'));",
      '  return [license, again];',
      '}',
      '',
    ].join('\n');
    expect(await apiTypeErrors('features/probe/probe-page.ts', code)).toEqual([]);
  });

  it('finds no hand-written answer shape in apps/web/src', () => {
    const files = readdirSync(webSrc, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    const offenders = files.filter((file) => /\b(useApiQuery|useApiQueryWhen|apiRequest|apiCall|callApi)<\s*\{/.test(readFileSync(path.join(webSrc, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
