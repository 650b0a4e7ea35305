export { dayKey, hourKey, parseSnapshotKey, type SnapshotKeyParts } from '../../../shared/snapshot/snapshot-key.ts';

/** UTC date (YYYY-MM-DD) and hour of a Unix ms instant. */
export function utcDateHour(ms: number): { date: string; hour: number } {
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), hour: Number(iso.slice(11, 13)) };
}
