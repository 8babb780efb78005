import { describe, expect, it } from 'vitest';
import { caseInsensitiveDuplicates } from './case-insensitive-duplicates';

/** The straightforward definition the checks used before. */
function reference(values: ReadonlyArray<string | null>): number[] {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value.toLowerCase(), (counts.get(value.toLowerCase()) ?? 0) + 1);
  return values.map((value) => (value !== null && (counts.get(value.toLowerCase()) ?? 0) > 1 ? 1 : 0));
}

describe('caseInsensitiveDuplicates', () => {
  it('marks every holder of a name used twice, ignoring case, and nothing else', () => {
    const values = ['Admin', 'svc-sql', 'ADMIN', null, 'admin', 'Bob', null, 'bob2', 'SVC-SQL'];
    expect([...caseInsensitiveDuplicates(values)]).toEqual([1, 1, 1, 0, 1, 0, 0, 0, 1]);
    expect([...caseInsensitiveDuplicates(values)]).toEqual(reference(values));
  });

  it('folds non-ASCII letters like toLowerCase does (Ä/ä, Kelvin sign, dotted İ)', () => {
    const values = ['MÜLLER', 'müller', 'Mueller', '\u212Aarl', 'KARL', 'İlker', 'i̇lker', 'ilker', 'ß', 'SS'];
    expect([...caseInsensitiveDuplicates(values)]).toEqual(reference(values));
    expect(caseInsensitiveDuplicates(values)[3]).toBe(1);
  });

  it('agrees with the Map definition on many random names with collisions', () => {
    let seed = 42;
    const random = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed / 2 ** 32;
    };
    const alphabet = 'aAbBcC-$äÄ1';
    const values: Array<string | null> = [];
    for (let n = 0; n < 20_000; n++) {
      if (random() < 0.05) {
        values.push(null);
        continue;
      }
      let text = '';
      const length = 1 + Math.floor(random() * 5);
      for (let c = 0; c < length; c++) text += alphabet[Math.floor(random() * alphabet.length)];
      values.push(text);
    }
    expect([...caseInsensitiveDuplicates(values)]).toEqual(reference(values));
  });

  it('handles an empty list', () => {
    expect(caseInsensitiveDuplicates([])).toHaveLength(0);
  });
});
