import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('a-test-secret-of-some-length');

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('SMTP-Passwort äöü');
    expect(sealed).not.toContain('SMTP');
    expect(box.open(sealed)).toBe('SMTP-Passwort äöü');
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('rejects tampering and another key', () => {
    const sealed = box.seal('geheim');
    const tampered = `${sealed.slice(0, -2)}AA`;
    expect(() => box.open(tampered)).toThrow();
    expect(() => new SecretBox('another-secret-entirely').open(sealed)).toThrow();
    expect(() => box.open('plain')).toThrow('Not a sealed secret');
  });

  it('refuses short secrets', () => {
    expect(() => new SecretBox('short')).toThrow('APP_SECRET');
  });

  it('opens values sealed under the previous APP_SECRET after a rotation, and seals only under the new one', () => {
    const before = new SecretBox('the-old-app-secret-1234');
    const sealedBefore = before.seal('smtp-passwort');
    const rotated = new SecretBox('the-new-app-secret-5678', ['the-old-app-secret-1234']);
    expect(rotated.open(sealedBefore)).toBe('smtp-passwort');
    expect(() => before.open(rotated.seal('neu'))).toThrow();
    expect(() => new SecretBox('the-new-app-secret-5678').open(sealedBefore)).toThrow();
  });
});
