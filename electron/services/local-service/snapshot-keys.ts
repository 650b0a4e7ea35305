/** The parts of a standard snapshot key `standard-{source}-{market}-{YYYY-MM-DD}-{HH}[MMSS]`. */
export interface SnapshotKeyParts {
  source: string;
  market: string;
  date: string;
  hour: number;
}

/** The hourly key of a dataset hour, as `/snapshots` lists it. */
export function hourKey(source: string, market: string, date: string, hour: number): string {
  return `standard-${source}-${market}-${date}-${String(hour).padStart(2, '0')}`;
}

/** The manifest key of a dataset hour: the HHMMSS form `/download` uses. */
export function manifestKey(source: string, market: string, date: string, hour: number): string {
  return `${hourKey(source, market, date, hour)}0000`;
}

/** Parses a standard key in either form, with or without `.jsonl.zst`; null when it is not one. */
export function parseSnapshotKey(key: string): SnapshotKeyParts | null {
  const match = /^standard-([^-]+)-(.+)-(\d{4}-\d{2}-\d{2})-(\d{2})(\d{4})?(?:\.jsonl\.zst)?$/.exec(key);
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
