import { describe, expect, it } from 'vitest';
import { cleanSnapshot, computer, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { findSecret, passwordLikeStringFound as check } from './password-like-string-found';

describe('password-like-string-found', () => {
  it('does not trigger on ordinary descriptions', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'carl', description: 'Passwort wird vom Helpdesk vergeben' }));
    snapshot.users.push(user({ sAMAccountName: 'dora', info: 'Start im Vertrieb am 01.03.2025' }));
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers on German and English keywords, legacy password attributes and computers; masks the secret', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'svc-sql', description: 'Dienstkonto SQL, PW: Sql!2023x' }));
    snapshot.users.push(user({ sAMAccountName: 'emil', info: 'Initialkennwort=Willkommen1' }));
    snapshot.users.push(user({ sAMAccountName: 'unix', unixUserPassword: 'crypt$abc' }));
    snapshot.computers.push(computer({ sAMAccountName: 'KASSE1$', description: 'lokaler admin kennwort Kasse#2024' }));
    const outcome = run(check, snapshot);
    expect(names(outcome)).toEqual(['KASSE1$', 'emil', 'svc-sql', 'unix']);
    expect(JSON.stringify(outcome)).not.toContain('Sql!2023x');
    expect(JSON.stringify(outcome)).not.toContain('Willkommen1');
  });

  it('respects the minimum secret length (edge: 6 triggers, 5 does not)', () => {
    expect(findSecret('pw: abc123', 6)).toBe('abc123');
    expect(findSecret('pw: abc12', 6)).toBeNull();
    expect(findSecret('pw: abc12', 5)).toBe('abc12');
  });

  it('flags a long token with all four character classes without keyword', () => {
    expect(findSecret('Notfall: Xy7#kLm9$qWe', 6)).not.toBeNull();
    expect(findSecret('https://Intranet.Example/Pfad?x=1A', 6)).toBeNull();
  });
});
