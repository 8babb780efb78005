import { describe, expect, it } from 'vitest';
import { grade, scoreColour } from './score';

describe('scoreColour', () => {
  it.each([
    [100, 'green'],
    [85, 'green'],
    [84.99, 'yellow'],
    [70, 'yellow'],
    [69.99, 'red'],
    [0, 'red'],
    [-1, 'neutral'],
    [null, 'neutral'],
    [undefined, 'neutral'],
    [Number.NaN, 'neutral'],
  ])('%s -> %s', (score, colour) => {
    expect(scoreColour(score)).toBe(colour);
  });
});

describe('grade', () => {
  it.each([
    [100, 'A+'],
    [99, 'A+'],
    [98.9, 'A'],
    [97, 'A'],
    [96.9, 'A-'],
    [95, 'A-'],
    [94.9, 'B+'],
    [90, 'B+'],
    [89, 'B'],
    [85, 'B'],
    [84, 'B-'],
    [80, 'B-'],
    [79, 'C+'],
    [75, 'C+'],
    [74, 'C'],
    [70, 'C'],
    [69, 'C-'],
    [65, 'C-'],
    [64, 'D+'],
    [60, 'D+'],
    [59, 'D'],
    [55, 'D'],
    [54, 'D-'],
    [50, 'D-'],
    [49.9, 'F'],
    [0, 'F'],
    [-0.1, '-'],
    [-1, '-'],
    [null, '-'],
  ])('%s -> %s', (score, letter) => {
    expect(grade(score)).toBe(letter);
  });
});
