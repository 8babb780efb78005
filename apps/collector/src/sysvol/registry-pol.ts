import type { RegistryPolEntry } from '@burgwall/shared';

const SIGNATURE = 0x67655250; // 'PReg' little-endian
const REG_SZ = 1;
const REG_EXPAND_SZ = 2;
const REG_DWORD = 4;
const REG_DWORD_BIG_ENDIAN = 5;
const REG_MULTI_SZ = 7;
const REG_QWORD = 11;

/** Registry.pol (PReg v1): '[' key ';' valueName ';' type ';' size ';' data ']' in UTF-16LE. */
export function parseRegistryPol(buffer: Buffer): RegistryPolEntry[] {
  if (buffer.length < 8) throw new Error('Registry.pol ist zu kurz');
  if (buffer.readUInt32LE(0) !== SIGNATURE) throw new Error('Registry.pol hat keine PReg-Signatur');
  const entries: RegistryPolEntry[] = [];
  let offset = 8;
  const readChar = () => {
    const code = buffer.readUInt16LE(offset);
    offset += 2;
    return code;
  };
  const expect = (char: string) => {
    const code = readChar();
    if (code !== char.charCodeAt(0)) throw new Error(`Registry.pol: '${char}' erwartet bei Byte ${offset - 2}`);
  };
  const readString = () => {
    const start = offset;
    while (offset + 1 < buffer.length && buffer.readUInt16LE(offset) !== 0) offset += 2;
    const text = buffer.subarray(start, offset).toString('utf16le');
    offset += 2; // terminating NUL
    return text;
  };
  while (offset + 2 <= buffer.length) {
    expect('[');
    const key = readString();
    expect(';');
    const valueName = readString();
    expect(';');
    const type = buffer.readUInt32LE(offset);
    offset += 4;
    expect(';');
    const size = buffer.readUInt32LE(offset);
    offset += 4;
    expect(';');
    if (offset + size > buffer.length) throw new Error(`Registry.pol: Wert von ${key}\\${valueName} ist abgeschnitten`);
    const data = buffer.subarray(offset, offset + size);
    offset += size;
    expect(']');
    entries.push({ key, valueName, type, data: formatData(type, data) });
  }
  return entries;
}

function formatData(type: number, data: Buffer): string {
  switch (type) {
    case REG_SZ:
    case REG_EXPAND_SZ:
      return data.toString('utf16le').replace(/\0+$/, '');
    case REG_MULTI_SZ:
      return data.toString('utf16le').replace(/\0+$/, '').split('\0').join('\n');
    case REG_DWORD:
      return data.length >= 4 ? String(data.readUInt32LE(0)) : '';
    case REG_DWORD_BIG_ENDIAN:
      return data.length >= 4 ? String(data.readUInt32BE(0)) : '';
    case REG_QWORD:
      return data.length >= 8 ? data.readBigUInt64LE(0).toString() : '';
    default:
      return data.toString('hex');
  }
}
