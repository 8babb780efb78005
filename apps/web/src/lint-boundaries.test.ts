// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule of eslint.config.js (import-x/no-restricted-paths), run through ESLint's Node API on made-up files.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** Boundary errors for `code` linted as if it were the file `file` under apps/web/src. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/web/src', file) });
  return results
    .flatMap((result) => result.messages).filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

describe('web layer boundaries', { timeout: 60_000 }, () => {
  it('forbids a feature to import another feature', async () => {
    const errors = await boundaryErrors('features/ioe/boundary-probe.ts', "export { IoaOverviewPage } from '../ioa/ioa-overview-page';\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Features importieren einander nicht/);
  });

  it('sees a cross-feature import written with a .js ending (TypeScript bundler resolution)', async () => {
    expect(await boundaryErrors('features/ioe/boundary-probe.ts', "export { IoaOverviewPage } from '../ioa/ioa-overview-page.js';\n")).toHaveLength(1);
  });

  it('tells features apart that share a name prefix', async () => {
    const errors = await boundaryErrors('features/admin/boundary-probe.ts', "export { AdminAttacksPage } from '../admin-attacks/admin-attacks-page';\n");
    expect(errors).toHaveLength(1);
  });

  it('allows a feature its own files, lib/ and components/', async () => {
    const code = [
      "export { getIoeStates } from './ioe-api';",
      "export { notify } from '../../lib/notify';",
      "export { PageHeader } from '../../components/page-header';",
      '',
    ].join('\n');
    expect(await boundaryErrors('features/ioe/boundary-probe.ts', code)).toEqual([]);
  });

  it('forbids a feature to import from app/', async () => {
    const errors = await boundaryErrors('features/ioe/boundary-probe.ts', "export { routes } from '../../app/router';\n");
    expect(errors).toHaveLength(1);
  });

  it('forbids lib/ and components/ to import features or the app shell', async () => {
    expect(await boundaryErrors('lib/boundary-probe.ts', "export { getIoeStates } from '../features/ioe/ioe-api';\n")).toHaveLength(1);
    expect(await boundaryErrors('components/boundary-probe.ts', "export { routes } from '../app/router';\n")).toHaveLength(1);
    expect(await boundaryErrors('components/boundary-probe.ts', "export { AppFrame } from '../layouts/app-frame';\n")).toHaveLength(1);
  });

  it('lets app/ compose features', async () => {
    expect(await boundaryErrors('app/boundary-probe.ts', "export { getIoeStates } from '../features/ioe/ioe-api';\n")).toEqual([]);
  });
});
