import { describe, expect, it } from 'vitest';
import { inputBoundsProblem, refuseUnboundedInput } from '../../../electron/host/contract/input-bounds.ts';

/** Naive model: depth and value count by plain recursion (fine for the small values below). */
function naive(value: unknown, depth = 0): { depth: number; values: number } {
  if (typeof value !== 'object' || value === null) return { depth: 0, values: 1 };
  const items: unknown[] = Array.isArray(value) ? value : Object.values(value);
  const inner = items.map((item) => naive(item, depth + 1));
  return { depth: 1 + Math.max(0, ...inner.map((i) => i.depth)), values: 1 + inner.reduce((sum, i) => sum + i.values, 0) };
}

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

describe('a contract input is bounded in depth and size before anything walks it', () => {
  const limits = { maxDepth: 4, maxValues: 20 };

  it.each([0, 1, 3, 4, 5, 8])('a value nested %i levels is refused exactly when the naive depth passes the limit', (levels) => {
    const value = nested(levels);
    const model = naive(value);
    expect(model.depth).toBe(levels);
    const problem = inputBoundsProblem(value, limits);
    expect(problem === null).toBe(model.depth <= limits.maxDepth);
    if (problem !== null) expect(problem).toBe('it is nested more than 4 levels deep');
  });

  it.each([
    [{ a: [1, 2, 3], b: { c: 'x' } }],
    [new Array<number>(18).fill(0)],
    [new Array<number>(19).fill(0)],
    [new Array<number>(25).fill(0)],
    [{ a: new Array<number>(10).fill(0), b: new Array<number>(9).fill(0) }],
  ])('a value of n values is refused exactly when n passes the limit (%j)', (value) => {
    const problem = inputBoundsProblem(value, limits);
    expect(problem === null).toBe(naive(value).values <= limits.maxValues);
  });

  it('walks 1,000,000 levels without a stack overflow, and says what is wrong', () => {
    const deep: unknown = JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`);
    expect(inputBoundsProblem(deep)).toBe('it is nested more than 64 levels deep');
    expect(refuseUnboundedInput('settings.update', deep)).toMatchObject({
      ok: false,
      error: { kind: 'invalid-request', channel: 'settings.update', message: 'Refused the input of settings.update: it is nested more than 64 levels deep' },
    });
  });

  it('lets every ordinary input through, including 10,000 snapshot keys', () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => ({ source: 'binance', market: 'BTCUSDT', type: 'l2', date: '2026-01-01', hour: i % 24 }));
    expect(refuseUnboundedInput('downloads.enqueue', { keys })).toBeNull();
    expect(inputBoundsProblem(undefined)).toBeNull();
    expect(inputBoundsProblem(new ArrayBuffer(1 << 20))).toBeNull();
  });
});
