/** How times are shown: in UTC, or in the computer's time zone (Settings → Display). */
export type TimeZoneChoice = 'utc' | 'local';

/** How finely a time is shown. */
export type TimePrecision = 'ms' | 's' | 'min';

/** The em dash shown for a value the source did not publish (null), never 0. */
export const notPublished = '—';

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * A Unix-ms time as `2026-11-22 10:03:04.123` in UTC or local time, to the given precision
 * (milliseconds by default: collector times are ms). Null is an em dash.
 */
export function formatTimestamp(ms: number | null, zone: TimeZoneChoice, precision: TimePrecision = 'ms'): string {
  if (ms === null || !Number.isFinite(ms)) return notPublished;
  const date = new Date(ms);
  const utc = zone === 'utc';
  const day = `${date[utc ? 'getUTCFullYear' : 'getFullYear']()}-${pad(date[utc ? 'getUTCMonth' : 'getMonth']() + 1)}-${pad(date[utc ? 'getUTCDate' : 'getDate']())}`;
  const minutes = `${pad(date[utc ? 'getUTCHours' : 'getHours']())}:${pad(date[utc ? 'getUTCMinutes' : 'getMinutes']())}`;
  if (precision === 'min') return `${day} ${minutes}`;
  const seconds = `${minutes}:${pad(date[utc ? 'getUTCSeconds' : 'getSeconds']())}`;
  return precision === 's' ? `${day} ${seconds}` : `${day} ${seconds}.${pad(date[utc ? 'getUTCMilliseconds' : 'getMilliseconds'](), 3)}`;
}

/** Only the time of day (`10:03:04.123`), for tapes where the date is in the header. */
export function formatTimeOfDay(ms: number | null, zone: TimeZoneChoice, precision: TimePrecision = 'ms'): string {
  const full = formatTimestamp(ms, zone, precision);
  return full === notPublished ? full : full.slice(11);
}

/** The label of a time zone choice, for column headers ("UTC" or the local zone's offset). */
export function timeZoneLabel(zone: TimeZoneChoice, at: number): string {
  if (zone === 'utc') return 'UTC';
  const offset = -new Date(at).getTimezoneOffset();
  const sign = offset < 0 ? '−' : '+';
  const abs = Math.abs(offset);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A decimal string exactly as the source wrote it (no float rounding), or an em dash for null. */
export function formatDecimal(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? notPublished : value;
}

/**
 * A number with a fixed count of decimals and thin grouping of thousands, or an em dash for
 * null or a non-finite value. For display of values already read as numbers (chart columns).
 */
export function formatNumber(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return notPublished;
  return numberFormatOf(decimals).format(value);
}

// One formatter per decimal count: `toLocaleString` with options builds a new one on every call,
// which costs a playing ladder and tape most of a frame.
const numberFormats = new Map<number, Intl.NumberFormat>();

function numberFormatOf(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format;
}

/** A rate (funding, premium) as a percentage with `decimals` places: 0.0000125 → "0.00125%". */
export function formatPercent(value: number | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return notPublished;
  return `${(value * 100).toFixed(decimals)}%`;
}

/**
 * An integer amount in a token's smallest units, shown in whole tokens with its decimals applied
 * exactly (BigInt, no float): `formatUnits('1234500000000000000', 18)` is `1.2345`. Trailing zeros
 * of the fraction are dropped; `minFraction` keeps at least that many places. Null is an em dash;
 * text that is not an integer is shown as it is, marked, rather than guessed at.
 */
export function formatUnits(raw: string | bigint | null | undefined, decimals: number, minFraction = 0): string {
  if (raw === null || raw === undefined) return notPublished;
  let units: bigint;
  try {
    units = typeof raw === 'bigint' ? raw : BigInt(raw);
  } catch {
    return `${raw} (not an integer amount)`;
  }
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(Math.max(0, decimals));
  const whole = abs / scale;
  let fraction = decimals > 0 ? (abs % scale).toString().padStart(decimals, '0') : '';
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * A sentence with each ISO-8601 UTC time in it (`2026-11-22T09:03:04.056Z`) shown in the chosen
 * zone, to the second and labelled: the access-window reasons come from shared code, in UTC.
 */
export function timesInZone(sentence: string, zone: TimeZoneChoice): string {
  return sentence.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, (iso) => `${formatTimestamp(Date.parse(iso), zone, 's')} ${zone === 'utc' ? 'UTC' : 'local time'}`);
}
