/** The parts of a standard snapshot key `standard-{source}-{market}-{YYYY-MM-DD}-{HH}`. */
export interface SnapshotKeyParts {
  source: string;
  market: string;
  date: string;
  hour: number;
}

/**
 * The key of a dataset hour: what `/snapshots` lists and, the same string, what `/download`
 * manifest entries carry (real clients match the two by exact key).
 */
export function hourKey(source: string, market: string, date: string, hour: number): string {
  return `standard-${source}-${market}-${date}-${String(hour).padStart(2, '0')}`;
}

/**
 * Parses a standard key, with or without `.jsonl.zst`, also in the `…-HH0000` form (an hour's
 * `HHMMSS` timestamp) that some clients send; null when it is not one.
 */
export function parseSnapshotKey(key: string): SnapshotKeyParts | null {
  const match = /^standard-([^-]+)-(.+)-(\d{4}-\d{2}-\d{2})-(\d{2})(?:0000)?(?:\.jsonl\.zst)?$/.exec(key);
  if (match === null) return null;
  const [, source = '', market = '', date = '', hour = ''] = match;
  const hourNumber = Number(hour);
  return hourNumber > 23 ? null : { source, market, date, hour: hourNumber };
}

/** UTC date (YYYY-MM-DD) and hour of a Unix ms instant. */
export function utcDateHour(ms: number): { date: string; hour: number } {
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), hour: Number(iso.slice(11, 13)) };
}
