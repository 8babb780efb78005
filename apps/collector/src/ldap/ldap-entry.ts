import type { Entry } from 'ldapts';
import { guidToString, sidToString } from './decode';

type RawValue = string | string[] | Buffer | Buffer[];

/**
 * One search result with case-insensitive attribute access. AD returns
 * attribute names in schema case, so callers never depend on spelling.
 */
export class LdapEntry {
  readonly dn: string;
  readonly #values = new Map<string, RawValue>();

  constructor(entry: Entry) {
    this.dn = entry.dn;
    for (const [key, value] of Object.entries(entry)) {
      if (key !== 'dn') this.#values.set(key.toLowerCase(), value as RawValue);
    }
  }

  /** Attribute names present on the entry (lower case). */
  names(): string[] {
    return [...this.#values.keys()];
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  /** Replaces one attribute's values (used to merge ranged multi-value reads). */
  set(name: string, values: string[]): void {
    this.#values.set(name.toLowerCase(), values);
  }

  strings(name: string): string[] {
    const value = this.#values.get(name.toLowerCase());
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    return list.map((item) => (Buffer.isBuffer(item) ? item.toString('utf8') : item));
  }

  string(name: string): string | undefined {
    return this.strings(name)[0];
  }

  buffers(name: string): Buffer[] {
    const value = this.#values.get(name.toLowerCase());
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    return list.map((item) => (Buffer.isBuffer(item) ? item : Buffer.from(item, 'utf8')));
  }

  buffer(name: string): Buffer | undefined {
    return this.buffers(name)[0];
  }

  int(name: string): number | null {
    const text = this.string(name);
    if (text === undefined || !/^-?\d+$/.test(text)) return null;
    return Number(text);
  }

  guid(): string {
    const buffer = this.buffer('objectGUID');
    if (!buffer) throw new Error(`${this.dn}: no objectGUID`);
    return guidToString(buffer);
  }

  sid(name = 'objectSid'): string | null {
    const buffer = this.buffer(name);
    return buffer && buffer.length >= 8 ? sidToString(buffer) : null;
  }

  sids(name: string): string[] {
    return this.buffers(name).filter((b) => b.length >= 8).map(sidToString);
  }
}
