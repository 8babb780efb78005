import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The rule of eslint.config.js that keeps requests to tenant-chosen hosts behind the SSRF guard, run through ESLint's
// Node API on made-up server files: a new outgoing request that bypasses http/outgoing cannot pass lint.
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function outgoingErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/server/src', file) });
  return (result?.messages ?? []).filter((message) => /http\/outgoing|createTransport/.test(message.message)).map((message) => message.message);
}

describe('outgoing requests lint rule', { timeout: 60_000 }, () => {
  it.each([
    ['global fetch', "export const probe = (url: string) => fetch(url);\n"],
    ['undici', "import { request } from 'undici';\nexport const probe = request;\n"],
    ['node:https request', "import { request } from 'node:https';\nexport const probe = request;\n"],
    ['node:net connect', "import { connect } from 'node:net';\nexport const probe = connect;\n"],
    ['nodemailer with a tenant host', "import nodemailer from 'nodemailer';\nexport const probe = (host: string) => nodemailer.createTransport({ host });\n"],
  ])('refuses %s outside the guard', async (_name, code) => {
    expect(await outgoingErrors('webhooks/probe.ts', code)).toHaveLength(1);
  });

  it('allows the guard itself and the two sanctioned ways', async () => {
    expect(await outgoingErrors('http/outgoing/probe.ts', "export const probe = (url: string) => fetch(url);\n")).toEqual([]);
    const code = [
      "import { guardedFetch, serverConfiguredFetch, type OutgoingPolicy } from '../http/outgoing';",
      'export const tenant = (url: string, policy: OutgoingPolicy) => guardedFetch(url, {}, policy);',
      'export const configured = (url: string) => serverConfiguredFetch(url);',
      "import { isIP } from 'node:net';",
      'export const literal = isIP;',
      '',
    ].join('\n');
    expect(await outgoingErrors('webhooks/probe.ts', code)).toEqual([]);
  });
});
