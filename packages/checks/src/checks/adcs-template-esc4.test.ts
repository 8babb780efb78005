import { describe, expect, it } from 'vitest';
import { ace, adcsSnapshot, findTemplate, templateAcl } from '../testing/adcs-fixtures';
import { findGroup, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsTemplateEsc4 as check } from './adcs-template-esc4';

describe('adcs-template-esc4', () => {
  it('does not trigger for the default template ACLs (admins, Administrator, read and enrol for others)', () => {
    expect(run(check, adcsSnapshot()).affected).toEqual([]);
  });

  it('does not trigger for Tier-0 groups on a German-named domain (identified by SID)', () => {
    const snapshot = adcsSnapshot();
    findGroup(snapshot, 512).sAMAccountName = 'Domänen-Admins';
    findGroup(snapshot, 'S-1-5-32-544').sAMAccountName = 'Administratoren';
    findTemplate(snapshot, 'User').securityDescriptor = templateAcl(ace('S-1-5-32-544', 0xf00ff));
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for Domain Users with WriteDacl, a helpdesk group with write property and a non-admin owner', () => {
    const snapshot = adcsSnapshot();
    const user = findTemplate(snapshot, 'User');
    user.securityDescriptor = templateAcl(ace(sid(513), 0x40000), ace(sid(1300), 0x20, '00000000-0000-0000-0000-000000000001'));
    if (user.securityDescriptor) user.securityDescriptor.owner = sid(1301);
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual([
      `${sid(1301)}: Besitzer`,
      'Domain Users: Berechtigungen ändern (WriteDacl)',
      `${sid(1300)}: Eigenschaft schreiben`,
    ]);
  });

  it('does not trigger for an unpublished template or an inherit-only ACE', () => {
    const snapshot = adcsSnapshot();
    const user = findTemplate(snapshot, 'User');
    user.securityDescriptor = templateAcl({ ...ace(sid(513), 0xf00ff), flags: 0x8 });
    findTemplate(snapshot, 'Machine').securityDescriptor = templateAcl(ace(sid(513), 0xf00ff));
    findTemplate(snapshot, 'Machine').published = false;
    expect(run(check, snapshot).affected).toEqual([]);
  });
});
