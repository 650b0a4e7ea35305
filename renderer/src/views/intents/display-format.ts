import { formatTimeOfDay, formatTimestamp, notPublished, type TimeZoneChoice } from '../../format/market-values.ts';

/** Names of well-known EVM chains by CAIP-2 id; any other chain is shown by its id. */
const chainNames: Readonly<Record<string, string>> = {
  'eip155:1': 'Ethereum',
  'eip155:10': 'Optimism',
  'eip155:56': 'BNB Chain',
  'eip155:137': 'Polygon',
  'eip155:8453': 'Base',
  'eip155:42161': 'Arbitrum',
};

/** A chain id as a reader knows it (`eip155:42161` → `Arbitrum`); null is an em dash. */
export function chainLabel(chainId: string | null): string {
  if (chainId === null || chainId === '') return notPublished;
  return chainNames[chainId] ?? chainId;
}

/** A long hex string shortened to its head and tail (`0xc02a…6cc2`); short text is kept whole. */
export function shortHex(value: string, keep = 4): string {
  const prefix = value.startsWith('0x') ? 2 : 0;
  return value.length <= prefix + 2 * keep + 2 ? value : `${value.slice(0, prefix + keep)}…${value.slice(-keep)}`;
}

/**
 * An integer amount in smallest units with thousands grouped (`4485000000` → `4,485,000,000`),
 * exactly as written otherwise; null is an em dash. For amounts whose decimals are not known.
 */
export function groupDigits(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return notPublished;
  return /^\d+$/.test(amount) ? amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : amount;
}

/** A duration for reading: `850 ms`, `12.4 s`, `3 m 05 s`, `2 h 07 m`; null is an em dash. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return notPublished;
  const sign = ms < 0 ? '−' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`;
  if (abs < 60_000) return `${sign}${(Math.floor(abs / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(abs / 1000);
  if (seconds < 3600) return `${sign}${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, '0')} s`;
  return `${sign}${Math.floor(seconds / 3600)} h ${String(Math.floor(seconds / 60) % 60).padStart(2, '0')} m`;
}

function dayOf(ms: number, zone: TimeZoneChoice): string {
  return formatTimestamp(ms, zone, 'min').slice(0, 10);
}

/** Whether a range spans more than one calendar day in the user's zone (then times need their date). */
export function rangeCrossesDays(start: number, end: number, zone: TimeZoneChoice): boolean {
  return dayOf(start, zone) !== dayOf(end, zone);
}

/** A time in the user's zone with ms: the time of day, or `MM-DD HH:MM:SS.mmm` when the range crosses days. */
export function formatRowTime(ms: number | null, zone: TimeZoneChoice, withDate: boolean): string {
  if (!withDate) return formatTimeOfDay(ms, zone, 'ms');
  const full = formatTimestamp(ms, zone, 'ms');
  return full === notPublished ? full : full.slice(5);
}
