import { describe, expect, it } from 'vitest';
import { diffObject } from './diff';
import { emptyState } from './state-store';
import { trackChanges } from './track-changes';
import type { TrackedObject } from './tracked-values';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const group = (values: Record<string, string>, usn = 10): TrackedObject => ({
  objectGuid: '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01',
  objectClass: 'group',
  distinguishedName: 'CN=Domain Admins,CN=Users,DC=lab,DC=example',
  usn,
  changedAt: '2026-11-23T11:59:00.000Z',
  values,
});

describe('diffObject', () => {
  it('reports changed, added and removed attributes with old and new values', () => {
    const changes = diffObject(
      { description: 'alt', member: '["CN=a"]', info: 'weg' },
      group({ description: 'neu', member: '["CN=a","CN=b"]', adminCount: '1' }, 42),
      NOW.toISOString(),
    );
    expect(changes.map((c) => [c.propertyName, c.oldValue, c.newValue])).toEqual([
      ['adminCount', null, '1'],
      ['description', 'alt', 'neu'],
      ['info', 'weg', null],
      ['member', '["CN=a"]', '["CN=a","CN=b"]'],
    ]);
    expect(changes.every((c) => c.usn === 42 && c.timestamp === '2026-11-23T11:59:00.000Z' && c.objectClass === 'group')).toBe(true);
  });

  it('reports nothing for identical values', () => {
    expect(diffObject({ description: 'x' }, group({ description: 'x' }), NOW.toISOString())).toEqual([]);
  });

  it('reports an ACL change, but not a descriptor seen for the first time on a known object (older collector state)', () => {
    const before = 'owner S-1-5-21-1-2-3-512';
    const after = `${before}\nallow S-1-5-21-1-2-3-4242 0x10000000   0`;
    expect(diffObject({ nTSecurityDescriptor: before }, group({ nTSecurityDescriptor: after }), NOW.toISOString()).map((c) => [c.propertyName, c.oldValue, c.newValue])).toEqual([
      ['nTSecurityDescriptor', before, after],
    ]);
    expect(diffObject({ description: 'x' }, group({ description: 'x', nTSecurityDescriptor: after }), NOW.toISOString())).toEqual([]);
    // A new object reports its descriptor like every other attribute.
    expect(diffObject(undefined, group({ nTSecurityDescriptor: after }), NOW.toISOString())).toHaveLength(1);
  });

  it('uses the collection time when the object has no whenChanged', () => {
    const [change] = diffObject({}, { ...group({ description: 'x' }), changedAt: null }, NOW.toISOString());
    expect(change?.timestamp).toBe(NOW.toISOString());
  });
});

describe('trackChanges', () => {
  it('keeps the input state untouched and moves the USN forward', () => {
    const state = { ...emptyState(), highestUsn: 5, objects: { [group({}).objectGuid]: { objectClass: 'group' as const, distinguishedName: 'CN=x', values: { description: 'a' } } } };
    const result = trackChanges(state, [group({ description: 'b' }, 9)], { highestUsn: 9, now: NOW, complete: false });
    expect(result.changes).toHaveLength(1);
    expect(state.objects[group({}).objectGuid]?.values.description).toBe('a');
    expect(result.state.objects[group({}).objectGuid]?.values.description).toBe('b');
    expect(result.state.highestUsn).toBe(9);
  });

  it('reports objects missing from a complete read, and tombstones, as deleted', () => {
    const guid = '00000000-0000-4000-8000-000000000001';
    const state = { ...emptyState(), objects: { [guid]: { objectClass: 'user' as const, distinguishedName: 'CN=weg', values: {} } } };
    const full = trackChanges(state, [], { highestUsn: 50, now: NOW, complete: true });
    expect(full.changes).toEqual([
      { objectGuid: guid, objectClass: 'user', distinguishedName: 'CN=weg', propertyName: 'isDeleted', oldValue: null, newValue: 'TRUE', timestamp: NOW.toISOString(), usn: 50 },
    ]);
    expect(full.state.objects[guid]).toBeUndefined();
    const partial = trackChanges(state, [], { highestUsn: 50, now: NOW, complete: false });
    expect(partial.changes).toEqual([]);
    const tomb = trackChanges(state, [], { highestUsn: 50, now: NOW, complete: false, deleted: [{ objectGuid: guid, distinguishedName: 'CN=weg\\0ADEL', usn: 48, changedAt: null }] });
    expect(tomb.changes[0]).toMatchObject({ propertyName: 'isDeleted', usn: 48 });
  });
});
