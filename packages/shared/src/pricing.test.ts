import { describe, expect, it } from 'vitest';
import { AUDIT_PRICE_EUR, formatPrice, ON_REQUEST, priceFor, QUICKCHECK_PRICE_EUR } from './pricing';

describe('priceFor', () => {
  it.each([
    [1, 5, 55],
    [9, 5, 55],
    [10, 10, 110],
    [24, 10, 110],
    [25, 25, 275],
    [49, 25, 275],
    [50, 50, 550],
    [99, 50, 550],
    [100, 75, 825],
    [199, 75, 825],
    [200, 150, 1650],
    [349, 150, 1650],
    [350, 225, 2475],
    [499, 225, 2475],
    [500, 300, 3300],
    [699, 300, 3300],
    [700, 375, 4125],
    [849, 375, 4125],
    [850, 450, 4950],
    [1000, 450, 4950],
  ])('%i employees: %i monthly, %i yearly', (employees, monthly, yearly) => {
    expect(priceFor(employees, 'monthly')).toBe(monthly);
    expect(priceFor(employees, 'yearly')).toBe(yearly);
  });

  it('is on request above 1000 employees', () => {
    expect(priceFor(1001, 'monthly')).toBe(ON_REQUEST);
    expect(priceFor(50_000, 'yearly')).toBe('auf Anfrage');
  });

  it.each([0, -5, 2.5, Number.NaN])('rejects %s employees', (employees) => {
    expect(() => priceFor(employees, 'monthly')).toThrow(RangeError);
  });

  it('has a free quickcheck and a 49 € audit', () => {
    expect(QUICKCHECK_PRICE_EUR).toBe(0);
    expect(AUDIT_PRICE_EUR).toBe(49);
  });

  it('formats prices in German', () => {
    expect(formatPrice(4950)).toBe('4.950\u00a0€');
    expect(formatPrice(ON_REQUEST)).toBe('auf Anfrage');
  });
});
