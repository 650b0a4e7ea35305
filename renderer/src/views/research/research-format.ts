import { formatNumber } from '../../format/market-values.ts';
import { hourMs } from '../../../../shared/time/time-units.ts';

/** A horizon in words: 1 s, 60 s, 250 ms. */
export function horizonLabel(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** A step or interval in words: 500 ms, 5 s, 1 min, 1 h. */
export function stepLabel(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${ms / 1000} s`;
  if (ms < hourMs) return `${ms / 60_000} min`;
  return `${ms / hourMs} h`;
}

/** A notional, compact: 950, 12.5k, 3M. */
export function compactNotional(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '∞';
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${trim(value / 1e9)}B`;
  if (abs >= 1e6) return `${trim(value / 1e6)}M`;
  if (abs >= 1e3) return `${trim(value / 1e3)}k`;
  return trim(value);
}

function trim(value: number): string {
  return String(Number(value.toFixed(2)));
}

/** Basis points with two decimals and a sign; an em dash for null. */
export function formatBps(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${value > 0 ? '+' : ''}${formatNumber(value, 2)}`;
}

/** A count with thousands grouped. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** Decimals that show a price at this magnitude sensibly. */
export function priceDecimalsOf(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value) || value === 0) return 2;
  const abs = Math.abs(value);
  if (abs >= 1000) return 1;
  if (abs >= 10) return 2;
  if (abs >= 1) return 3;
  return Math.min(8, 2 + Math.ceil(-Math.log10(abs)));
}
