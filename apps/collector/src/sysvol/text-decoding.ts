/** Decodes SYSVOL text files: UTF-16LE/BE with BOM (GptTmpl.inf), else UTF-8 (with or without BOM). */
export function decodeText(buffer: Buffer): string {
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) return buffer.subarray(2).toString('utf16le');
  if (buffer.length >= 2 && buffer[0] === 0xfe && buffer[1] === 0xff) {
    const swapped = Buffer.from(buffer.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  // UTF-16LE without BOM: every second byte of ASCII text is zero.
  if (buffer.length >= 4 && buffer[1] === 0 && buffer[3] === 0 && buffer[0] !== 0) return buffer.toString('utf16le');
  const text = buffer.toString('utf8');
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}
