import type { TradeCoverage } from './trade-coverage.ts';

/** Where the workspace's trade load is, as the footprint's notice needs it. */
export type FootprintTrades =
  | { kind: 'loading'; rows: number | null }
  | { kind: 'error' }
  | { kind: 'down' }
  | { kind: 'ready'; count: number; cap: number; coverage: TradeCoverage | null };

/** What the footprint says over the chart, and which action fixes it. */
export interface FootprintNotice {
  tone: 'faint' | 'warn';
  text: string;
  fix: 'retry' | 'key' | 'narrow' | null;
  busy: boolean;
}

/**
 * The footprint's notice: its trades loading (rows so far), failed (Retry), not loaded (the
 * source is down), absent (no trades), refused settings, or cut short (only the anonymous latest
 * ten minutes: Add API key; the oldest trades left out to keep the newest: Narrow the range), so
 * the plain candles before the footprint starts are explained. `time` formats a Unix-ms time.
 */
export function footprintNotice(trades: FootprintTrades, problem: string | null, time: (ms: number) => string): FootprintNotice | null {
  switch (trades.kind) {
    case 'loading':
      return { tone: 'faint', text: `Loading the trades for the footprint…${trades.rows !== null && trades.rows > 0 ? ` ${trades.rows.toLocaleString('en-US')} rows so far` : ''}`, fix: null, busy: true };
    case 'error':
      return { tone: 'warn', text: 'The trades could not be loaded, so there is no footprint: the candles are plain.', fix: 'retry', busy: false };
    case 'down':
      return { tone: 'warn', text: 'No footprint: the trades are not loaded while the data source is down.', fix: null, busy: false };
    case 'ready':
      break;
  }
  if (trades.count === 0) return { tone: 'faint', text: 'No trades in this range, so there is no footprint: the candles are plain.', fix: null, busy: false };
  if (problem !== null) return { tone: 'warn', text: problem, fix: null, busy: false };
  const coverage = trades.coverage;
  if (coverage?.cut === 'latest') return { tone: 'warn', text: `Footprint from the latest ten minutes of trades only (anonymous): candles before ${time(coverage.from)} are plain.`, fix: 'key', busy: false };
  if (coverage?.cut === 'dropped') return { tone: 'warn', text: `Footprint from ${time(coverage.from)} on: older trades were left out to keep the newest ${trades.cap.toLocaleString('en-US')}, so older candles are plain.`, fix: 'narrow', busy: false };
  return null;
}
