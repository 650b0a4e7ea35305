import { describe, expect, it } from 'vitest';
import { nextHistoryStep, type HistoryPosition, type HistoryRules } from '../../../renderer/src/views/workspace/history/history-plan.ts';

const hour = 3_600_000;
const now = Date.UTC(2026, 10, 27, 12, 0, 0);
const base: HistoryRules = { origin: 'published', chunkMs: 6 * hour, coverageStart: now - 30 * 24 * hour, hasKey: true, now, tradesHeld: 0, tradeBudget: 1000, wantsOlder: false, stopped: new Set() };
const start = now - 6 * hour;
const level: HistoryPosition = { candles: start, trades: start, funding: start };

describe('nextHistoryStep: every pane follows the candles back', () => {
  it('does nothing before the main candles are in, or when everything is level and no older candles are wanted', () => {
    expect(nextHistoryStep({ candles: null, trades: start, funding: start }, { ...base, wantsOlder: true })).toBeNull();
    expect(nextHistoryStep(level, base)).toBeNull();
  });

  it('asks for the chunk of candles before the oldest, as long as the main range, when the user panned there', () => {
    expect(nextHistoryStep(level, { ...base, wantsOlder: true })).toEqual({ kind: 'load', series: 'candles', bounds: { start: start - 6 * hour, end: start - 1 } });
  });

  it('brings trades, then funding, to where the candles start, before any older candles', () => {
    const behind = { candles: start - 6 * hour, trades: start, funding: start };
    expect(nextHistoryStep(behind, { ...base, wantsOlder: true })).toEqual({ kind: 'load', series: 'trades', bounds: { start: start - 6 * hour, end: start - 1 } });
    expect(nextHistoryStep({ ...behind, trades: start - 6 * hour }, { ...base, wantsOlder: true })).toEqual({ kind: 'load', series: 'funding', bounds: { start: start - 6 * hour, end: start - 1 } });
    // A trade load that left its oldest rows out: trades catch up over what is still missing.
    expect(nextHistoryStep({ ...behind, trades: start - 2 * hour }, base)).toEqual({ kind: 'load', series: 'trades', bounds: { start: start - 6 * hour, end: start - 2 * hour - 1 } });
  });

  it('leaves alone a series without history (anonymous trades, no funding) and one stopped by a notice', () => {
    expect(nextHistoryStep({ candles: start - hour, trades: null, funding: null }, base)).toBeNull();
    expect(nextHistoryStep({ candles: start - hour, trades: start, funding: start }, { ...base, stopped: new Set(['trades', 'funding'] as const) })).toBeNull();
    expect(nextHistoryStep(level, { ...base, wantsOlder: true, stopped: new Set(['candles'] as const) })).toBeNull();
  });

  it('stops trades at the budget, saying so', () => {
    const step = nextHistoryStep({ ...level, candles: start - hour }, { ...base, tradesHeld: 1000 });
    expect(step).toMatchObject({ kind: 'stop', series: 'trades', why: 'budget' });
    expect(step?.kind === 'stop' ? step.message : '').toContain('1,000 trades');
  });

  it('judges access before sending: bounded trades, and candles or funding before the anonymous hour, need a key', () => {
    const anonymous = { ...base, hasKey: false };
    expect(nextHistoryStep({ ...level, candles: start - hour }, anonymous)).toMatchObject({ kind: 'stop', series: 'trades', why: 'key' });
    expect(nextHistoryStep({ candles: start - hour, trades: null, funding: start }, anonymous)).toMatchObject({ kind: 'stop', series: 'funding', why: 'key' });
    expect(nextHistoryStep({ candles: start, trades: null, funding: null }, { ...anonymous, wantsOlder: true })).toMatchObject({ kind: 'stop', series: 'candles', why: 'key' });
    // Inside the rolling anonymous hour, candles go without a key.
    const recent = now - 20 * 60_000;
    expect(nextHistoryStep({ candles: recent, trades: null, funding: null }, { ...anonymous, chunkMs: 10 * 60_000, wantsOlder: true })).toEqual({ kind: 'load', series: 'candles', bounds: { start: recent - 10 * 60_000, end: recent - 1 } });
    // Candles built from trades are trades: any bounds need a key.
    expect(nextHistoryStep({ candles: recent, trades: recent, funding: null }, { ...anonymous, origin: 'built', chunkMs: 10 * 60_000, wantsOlder: true })).toMatchObject({ kind: 'stop', series: 'candles', why: 'key' });
  });

  it('clips the chunk at the coverage start, and says when it is reached', () => {
    const coverageStart = start - 2 * hour;
    expect(nextHistoryStep(level, { ...base, coverageStart, wantsOlder: true })).toEqual({ kind: 'load', series: 'candles', bounds: { start: coverageStart, end: start - 1 } });
    expect(nextHistoryStep({ candles: coverageStart, trades: coverageStart, funding: coverageStart }, { ...base, coverageStart, wantsOlder: true })).toEqual({ kind: 'exhausted' });
  });

  it('does not catch trades up separately for candles built from trades (one load is both)', () => {
    expect(nextHistoryStep({ candles: start - hour, trades: start, funding: null }, { ...base, origin: 'built' })).toBeNull();
  });
});
