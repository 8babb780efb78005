/**
 * Marks the values that occur more than once when compared case-insensitively (as `a.toLowerCase() ===
 * b.toLowerCase()`). A Map of lower-cased keys allocates a string and a hash entry per object; over a million
 * sAMAccountNames that dominated the duplicate check. This hashes ASCII in place into an open-addressing table
 * of indices and lower-cases only values with non-ASCII characters (rare in account names).
 */

function isAscii(text: string): boolean {
  for (let position = 0; position < text.length; position++) if (text.charCodeAt(position) > 127) return false;
  return true;
}

/** FNV-1a over the lower-cased UTF-16 code units. */
function foldedHash(value: string): number {
  const text = isAscii(value) ? value : value.toLowerCase();
  let hash = 0x811c9dc5;
  for (let position = 0; position < text.length; position++) {
    let code = text.charCodeAt(position);
    if (code >= 65 && code <= 90) code += 32;
    hash = Math.imul(hash ^ code, 0x01000193);
  }
  return hash >>> 0;
}

function foldedEqual(a: string, b: string): boolean {
  if (a === b) return true;
  if (!isAscii(a) || !isAscii(b)) return a.toLowerCase() === b.toLowerCase();
  if (a.length !== b.length) return false;
  for (let position = 0; position < a.length; position++) {
    let x = a.charCodeAt(position);
    let y = b.charCodeAt(position);
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return false;
  }
  return true;
}

/** flags[i] is 1 when values[i] is non-null and another value equals it case-insensitively. */
export function caseInsensitiveDuplicates(values: ReadonlyArray<string | null>): Uint8Array {
  const flags = new Uint8Array(values.length);
  let size = 16;
  while (size < values.length * 2) size *= 2;
  const mask = size - 1;
  // Slot holds index + 1 of the first value with that key; 0 = empty.
  const slots = new Int32Array(size);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value === null || value === undefined) continue;
    let slot = foldedHash(value) & mask;
    for (;;) {
      const held = slots[slot] as number;
      if (held === 0) {
        slots[slot] = index + 1;
        break;
      }
      if (foldedEqual(values[held - 1] as string, value)) {
        flags[held - 1] = 1;
        flags[index] = 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return flags;
}
