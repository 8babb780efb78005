/** Builds a PReg v1 Registry.pol (the inverse of the collector's parser), for seeding test GPOs. */
export interface PolValue {
  key: string;
  valueName: string;
  type: 1 | 4;
  value: string | number;
}

export function buildRegistryPol(values: readonly PolValue[]): Buffer {
  const parts: Buffer[] = [Buffer.from('PReg', 'ascii'), Buffer.from([1, 0, 0, 0])];
  const text = (s: string) => Buffer.from(`${s}\0`, 'utf16le');
  const char = (c: string) => Buffer.from(c, 'utf16le');
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  for (const v of values) {
    const data = v.type === 4 ? u32(Number(v.value)) : text(String(v.value));
    parts.push(char('['), text(v.key), char(';'), text(v.valueName), char(';'), u32(v.type), char(';'), u32(data.length), char(';'), data, char(']'));
  }
  return Buffer.concat(parts);
}
