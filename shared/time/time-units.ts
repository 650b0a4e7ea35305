// Time constants and UTC hour and day helpers: the one home of each (the service's files are
// hourly, its days UTC days).

/** One second, in ms. */
export const secondMs = 1000;
/** One minute, in ms. */
export const minuteMs = 60_000;
/** One hour, in ms. */
export const hourMs = 3_600_000;
/** One day, in ms. */
export const dayMs = 86_400_000;

/** Start of the UTC hour that holds a Unix-ms instant. */
export function hourStartOf(ms: number): number {
  return Math.floor(ms / hourMs) * hourMs;
}

/** Start of the UTC day that holds a Unix-ms instant. */
export function dayStartOf(ms: number): number {
  return Math.floor(ms / dayMs) * dayMs;
}

/** The UTC date (YYYY-MM-DD) of a Unix-ms instant. */
export function utcDateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** UTC date (YYYY-MM-DD) and hour of a Unix-ms instant. */
export function utcDateHour(ms: number): { date: string; hour: number } {
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), hour: Number(iso.slice(11, 13)) };
}
