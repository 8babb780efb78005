import { describe, expect, it } from 'vitest';
import { imageModifiers, imageOptionProblems } from './rich-text-image';

describe('rich-text image options (SPEC §5)', () => {
  it('accepts valid options', () => {
    expect(imageOptionProblems({ width: 640, height: 0, blur: 5, quality: 99, brightness: 1, rotate: 270, format: 'jpeg' })).toEqual([]);
    expect(imageOptionProblems({})).toEqual([]);
  });

  it.each([
    [{ width: -1 }, 'width muss eine Zahl ≥ 0 sein'],
    [{ height: Number.NaN }, 'height muss eine Zahl ≥ 0 sein'],
    [{ width: 0, height: 0 }, 'width und height dürfen nicht beide 0 sein'],
    [{ blur: 0 }, 'blur muss zwischen 0 und 100 liegen'],
    [{ quality: 100 }, 'quality muss zwischen 0 und 100 liegen'],
    [{ brightness: 150 }, 'brightness muss zwischen 0 und 100 liegen'],
    [{ rotate: 45 }, 'rotate muss 0, 90, 180 oder 270 sein'],
    [{ format: 'gif' }, 'format muss webp, png oder jpeg sein'],
  ])('rejects %o', (options, problem) => {
    expect(imageOptionProblems(options)).toContain(problem);
  });

  it('turns only valid options into proxy modifiers', () => {
    expect(imageModifiers({ width: 300, quality: 100, blur: 10, rotate: 90, format: 'png', brightness: 50 })).toEqual({
      width: 300,
      blur: 10,
      rotate: 90,
      format: 'png',
      brightness: 1.5,
    });
    expect(imageModifiers({ width: 0, height: 0, format: 'gif' })).toEqual({});
  });
});
