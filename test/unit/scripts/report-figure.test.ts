import { describe, expect, it } from 'vitest';
import { reportFigure } from '../../bench/measure.ts';

describe('a bench figure beside its target says which side it is on', () => {
  it.each([
    [16.66, '< 16.7 ms', '16.66'],
    [16.74, '< 16.7 ms', '16.74'],
    [16.7, '< 16.7 ms', '16.7'],
    [600.4, '< 600 MB', '600.4'],
    [599.6, '< 600 MB', '599.6'],
    [623.2, '< 600 MB', '623'],
    [1234.5, '< 2,000 ms', '1,235'],
    [12.345, undefined, '12.3'],
    [0.123456, 'report it', '0.123'],
  ])('%d against %s reads %s', (value, target, text) => {
    expect(reportFigure(value, target)).toBe(text);
  });
});
