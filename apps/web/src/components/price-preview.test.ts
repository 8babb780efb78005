import { describe, expect, it } from 'vitest';
import { pricePreview } from './price-preview';

describe('pricePreview (create-client dialog and licence change)', () => {
  it('shows the band price of the cycle with its German note', () => {
    expect(pricePreview('monitoring', 30, 'monthly')).toEqual({ amount: '25\u00a0€', note: 'pro Monat zzgl. MwSt.' });
    expect(pricePreview('monitoring', 30, 'yearly')).toEqual({ amount: '275\u00a0€', note: 'pro Jahr zzgl. MwSt.' });
    expect(pricePreview('monitoring', 1000, 'yearly').amount).toBe('4.950\u00a0€');
  });

  it("is 'auf Anfrage' above 1000 employees and 49 € for an audit", () => {
    expect(pricePreview('monitoring', 1001, 'monthly').amount).toBe('auf Anfrage');
    expect(pricePreview('audit', 5000, 'monthly')).toEqual({ amount: '49\u00a0€', note: 'einmalig für das Audit' });
  });

  it('asks for a count instead of pricing nonsense', () => {
    expect(pricePreview('monitoring', 0, 'monthly').amount).toBe('–');
    expect(pricePreview('monitoring', Number.NaN, 'monthly').amount).toBe('–');
    expect(pricePreview('monitoring', 2.5, 'monthly').amount).toBe('–');
  });
});
