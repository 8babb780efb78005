import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;

interface ZipParts {
  /** Local headers with their data, from offset 0 up to the central directory. */
  entries: Buffer;
  central: Buffer;
  count: number;
}

/** Splits a zip written by yazl (no archive comment, no ZIP64) into its entries and central directory. */
function partsOf(zip: Buffer): ZipParts {
  const eocd = zip.length - EOCD_SIZE;
  if (eocd < 0 || zip.readUInt32LE(eocd) !== EOCD_SIGNATURE) throw new Error('zip without a plain end-of-central-directory record');
  if (eocd >= 20 && zip.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE) throw new Error('ZIP64 archives are not supported');
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  const offset = zip.readUInt32LE(eocd + 16);
  return { entries: zip.subarray(0, offset), central: zip.subarray(offset, offset + size), count };
}

/** The central directory with every entry's local header offset moved by `shift` bytes. */
function shifted(central: Buffer, shift: number): Buffer {
  const copy = Buffer.from(central);
  for (let at = 0; at < copy.length; ) {
    if (copy.readUInt32LE(at) !== CENTRAL_ENTRY_SIGNATURE) throw new Error('corrupt central directory');
    copy.writeUInt32LE(copy.readUInt32LE(at + 42) + shift, at + 42);
    at += 46 + copy.readUInt16LE(at + 28) + copy.readUInt16LE(at + 30) + copy.readUInt16LE(at + 32);
  }
  return copy;
}

/**
 * One zip holding the entries of `first` and then of `second`, without decompressing or compressing anything: the
 * installer's ~65 MB of compressed executables are made once, each download only adds its small config.
 */
export function concatZips(first: Buffer, second: Buffer): Buffer {
  const a = partsOf(first);
  const b = partsOf(second);
  const eocd = Buffer.alloc(EOCD_SIZE);
  eocd.writeUInt32LE(EOCD_SIGNATURE, 0);
  eocd.writeUInt16LE(a.count + b.count, 8);
  eocd.writeUInt16LE(a.count + b.count, 10);
  eocd.writeUInt32LE(a.central.length + b.central.length, 12);
  eocd.writeUInt32LE(a.entries.length + b.entries.length, 16);
  return Buffer.concat([a.entries, b.entries, a.central, shifted(b.central, a.entries.length), eocd]);
}

export interface ZipEntry {
  name: string;
  content: Buffer;
  /** Unix mode including the file type, e.g. 0o100644. */
  mode: number;
}

/** A zip of the given entries, deflated with Node's native zlib. */
export async function zipOf(entries: readonly ZipEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) zip.addBuffer(entry.content, entry.name, { mode: entry.mode });
  zip.end();
  return buffer(zip.outputStream);
}
