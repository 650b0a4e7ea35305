import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonInTurns } from '../../../electron/host/process/json-in-turns.ts';

const noWait = () => Promise.resolve();

describe('a large value is written as JSON a slice per turn', () => {
  it('writes exactly the text JSON.stringify writes, for any JSON-like value and slice size', async () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(null, undefined, true, -0, Number.NaN, Number.POSITIVE_INFINITY),
        fc.double(),
        fc.string(),
        fc.array(tie('node'), { maxLength: 12 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 5 }),
      ),
    })).node;
    await fc.assert(
      fc.asyncProperty(value, fc.integer({ min: 1, max: 5 }), async (item, slice) => {
        const expected = item === undefined ? 'null' : JSON.stringify(item);
        expect(await jsonInTurns(item, noWait, slice)).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('gives the loop a turn per slice of a long array, and keeps dates and objects it does not walk as JSON writes them', async () => {
    let turns = 0;
    const value = { rows: Array.from({ length: 10 }, (_, i) => ({ i, at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })), time: [1, 2, 3, 4, 5, 6, 7] };
    const text = await jsonInTurns(value, () => {
      turns += 1;
      return Promise.resolve();
    }, 3);
    expect(text).toBe(JSON.stringify(value));
    // 10 rows in slices of 3 (4 turns) and 7 times (3 turns).
    expect(turns).toBe(7);
  });
});
