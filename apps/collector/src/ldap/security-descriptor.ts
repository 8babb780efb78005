import type { Ace, SecurityDescriptor } from '@burgwall/shared';
import { guidToString, sidToString } from './decode';

/** ACE type codes of MS-DTYP 2.4.4.1 we name; everything else is 'other'. */
const ACE_TYPES: Record<number, Ace['type']> = {
  0x00: 'allow',
  0x01: 'deny',
  0x02: 'audit',
  0x05: 'allow-object',
  0x06: 'deny-object',
  0x07: 'audit',
};
const OBJECT_ACE_TYPES = new Set([0x05, 0x06, 0x07, 0x0b, 0x0c, 0x0f, 0x10]);
const ACE_OBJECT_TYPE_PRESENT = 0x1;
const ACE_INHERITED_OBJECT_TYPE_PRESENT = 0x2;

/** SID length from its sub-authority count (byte 1). */
function sidLength(buffer: Buffer, offset: number): number {
  return 8 + (buffer[offset + 1] as number) * 4;
}

function readSid(buffer: Buffer, offset: number): string {
  return sidToString(buffer.subarray(offset, offset + sidLength(buffer, offset)));
}

function parseAce(buffer: Buffer, offset: number): Ace | null {
  const typeCode = buffer[offset] as number;
  const flags = buffer[offset + 1] as number;
  const accessMask = buffer.readUInt32LE(offset + 4);
  let cursor = offset + 8;
  let objectType: string | null = null;
  let inheritedObjectType: string | null = null;
  if (OBJECT_ACE_TYPES.has(typeCode)) {
    const objectFlags = buffer.readUInt32LE(cursor);
    cursor += 4;
    if (objectFlags & ACE_OBJECT_TYPE_PRESENT) {
      objectType = guidToString(buffer.subarray(cursor, cursor + 16));
      cursor += 16;
    }
    if (objectFlags & ACE_INHERITED_OBJECT_TYPE_PRESENT) {
      inheritedObjectType = guidToString(buffer.subarray(cursor, cursor + 16));
      cursor += 16;
    }
  }
  // Callback and resource ACEs carry data after the SID; the SID still starts here.
  const trustee = readSid(buffer, cursor);
  return { type: ACE_TYPES[typeCode] ?? 'other', trustee, accessMask, objectType, inheritedObjectType, flags };
}

function parseAcl(buffer: Buffer, offset: number): Ace[] {
  const count = buffer.readUInt16LE(offset + 4);
  const aces: Ace[] = [];
  let cursor = offset + 8;
  for (let i = 0; i < count; i++) {
    const size = buffer.readUInt16LE(cursor + 2);
    if (size < 8 || cursor + size > buffer.length) throw new Error(`ACE ${i} has a bad size ${size}`);
    const ace = parseAce(buffer, cursor);
    if (ace) aces.push(ace);
    cursor += size;
  }
  return aces;
}

/**
 * Self-relative SECURITY_DESCRIPTOR (nTSecurityDescriptor) -> owner and DACL.
 * The SACL is skipped: checks need the DACL, and reading the SACL needs extra privileges.
 */
export function parseSecurityDescriptor(buffer: Buffer): SecurityDescriptor {
  if (buffer.length < 20) throw new Error(`security descriptor too short (${buffer.length} bytes)`);
  const ownerOffset = buffer.readUInt32LE(4);
  const daclOffset = buffer.readUInt32LE(16);
  return {
    owner: ownerOffset ? readSid(buffer, ownerOffset) : null,
    aces: daclOffset ? parseAcl(buffer, daclOffset) : [],
  };
}
