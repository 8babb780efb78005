import { describe, expect, it } from 'vitest';
import { parseSecurityDescriptor } from './security-descriptor';

function sid(text: string): Buffer {
  const [, revision, authority, ...subs] = text.split('-').map(Number) as number[];
  const buffer = Buffer.alloc(8 + subs.length * 4);
  buffer[0] = revision as number;
  buffer[1] = subs.length;
  buffer.writeUIntBE(authority as number, 2, 6);
  subs.forEach((value, i) => buffer.writeUInt32LE(value, 8 + i * 4));
  return buffer;
}

function guidBytes(guid: string): Buffer {
  const hex = guid.replace(/-/g, '');
  const b = Buffer.from(hex, 'hex');
  return Buffer.concat([Buffer.from(b.subarray(0, 4)).reverse(), Buffer.from(b.subarray(4, 6)).reverse(), Buffer.from(b.subarray(6, 8)).reverse(), b.subarray(8)]);
}

function ace(type: number, flags: number, mask: number, trustee: string, objectType?: string): Buffer {
  const body: Buffer[] = [Buffer.alloc(4)];
  body[0]?.writeUInt32LE(mask);
  if (type === 5 || type === 6) {
    const objectFlags = Buffer.alloc(4);
    objectFlags.writeUInt32LE(objectType ? 1 : 0);
    body.push(objectFlags);
    if (objectType) body.push(guidBytes(objectType));
  }
  body.push(sid(trustee));
  const content = Buffer.concat(body);
  const header = Buffer.alloc(4);
  header[0] = type;
  header[1] = flags;
  header.writeUInt16LE(4 + content.length, 2);
  return Buffer.concat([header, content]);
}

describe('parseSecurityDescriptor', () => {
  it('reads owner and DACL including object ACEs (DCSync rights)', () => {
    const aces = [
      ace(0, 0, 0xf01ff, 'S-1-5-21-1-2-3-512'),
      ace(5, 2, 0x100, 'S-1-5-21-1-2-3-1105', '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2'),
      ace(1, 0, 0x10, 'S-1-1-0'),
    ];
    const aclBody = Buffer.concat(aces);
    const acl = Buffer.alloc(8);
    acl[0] = 4;
    acl.writeUInt16LE(8 + aclBody.length, 2);
    acl.writeUInt16LE(aces.length, 4);
    const owner = sid('S-1-5-32-544');
    const header = Buffer.alloc(20);
    header[0] = 1;
    header.writeUInt16LE(0x8004, 2);
    header.writeUInt32LE(20, 4); // owner
    header.writeUInt32LE(20 + owner.length, 16); // dacl
    const sd = parseSecurityDescriptor(Buffer.concat([header, owner, acl, aclBody]));
    expect(sd.owner).toBe('S-1-5-32-544');
    expect(sd.aces).toEqual([
      { type: 'allow', trustee: 'S-1-5-21-1-2-3-512', accessMask: 0xf01ff, objectType: null, inheritedObjectType: null, flags: 0 },
      { type: 'allow-object', trustee: 'S-1-5-21-1-2-3-1105', accessMask: 0x100, objectType: '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2', inheritedObjectType: null, flags: 2 },
      { type: 'deny', trustee: 'S-1-1-0', accessMask: 0x10, objectType: null, inheritedObjectType: null, flags: 0 },
    ]);
  });

  it('rejects a truncated descriptor', () => {
    expect(() => parseSecurityDescriptor(Buffer.alloc(10))).toThrow('too short');
  });
});
