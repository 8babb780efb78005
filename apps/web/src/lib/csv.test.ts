import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes BOM, quoted semicolon fields, CRLF, Ja/Nein and defused formulas', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string; active: boolean; count: number }) => row.name },
        { header: 'Aktiv', value: (row) => row.active },
        { header: 'Anzahl', value: (row) => row.count },
      ],
      [
        { name: 'Müller; "Chef"', active: true, count: 3 },
        { name: '=SUMME(A1)', active: false, count: -1 },
      ],
    );
    expect(csv).toBe('\uFEFF"Name";"Aktiv";"Anzahl"\r\n"Müller; ""Chef""";"Ja";"3"\r\n"\'=SUMME(A1)";"Nein";"-1"\r\n');
  });
});
