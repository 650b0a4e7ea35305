/** A coverage range as "2026-11-19 05:00 → now" (UTC), or with the end date when it is not recent. */
export function formatCoverage(startIso: string, endIso: string, nowMs: number): string {
  const end = Date.parse(endIso);
  const start = startIso.slice(0, 16).replace('T', ' ');
  const recent = Math.abs(nowMs - end) < 5 * 60_000;
  return `${start} → ${recent ? 'now' : endIso.slice(0, 16).replace('T', ' ')}`;
}

/** A number or decimal string as the venue wrote it, or an em dash for null. */
export function formatTerm(value: string | number | null): string {
  return value === null ? '—' : String(value);
}
