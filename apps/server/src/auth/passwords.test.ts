import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('scrypt password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('Burgwall-Demo-2026!');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain('Burgwall-Demo-2026!');
    await expect(verifyPassword('Burgwall-Demo-2026!', hash)).resolves.toBe(true);
    await expect(verifyPassword('burgwall-demo-2026!', hash)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('geheim'), hashPassword('geheim')]);
    expect(a).not.toBe(b);
  });

  it('never matches a missing or malformed hash', async () => {
    await expect(verifyPassword('x', null)).resolves.toBe(false);
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$0$8$1$abc$def')).resolves.toBe(false);
  });

  it('refuses to hash an empty password', async () => {
    await expect(hashPassword('')).rejects.toThrow('must not be empty');
  });
});
