import type { ActivityBarKind } from '../../../shared/research/activity-bars.ts';
import { defaultHorizonsMs } from '../../../shared/research/markouts.ts';
import { defaultSizeEdges } from '../../../shared/research/markout-summary.ts';
import { checkBaseUrl, defaultBaseUrl } from '../cli-base-url.ts';
import { integerOption, numberOption, readCommandLine, timeOption, UsageError } from '../command-line.ts';

/** What `mde metrics` computes. */
export const metricKinds = ['depth', 'markouts', 'markout-summary', 'large-trades', 'bars', 'footprint', 'profile', 'cvd', 'latency', 'venues'] as const;

/** One kind of `mde metrics`. */
export type MetricKind = (typeof metricKinds)[number];

/**
 * Where the data comes from: snapshot files, a service range of one market through the client, or
 * (`venues`) a service range of each of `MetricsRequest.venues`.
 */
export type MetricsInput = { kind: 'files'; files: string[] } | { kind: 'service'; baseUrl: string; source: string; market: string } | { kind: 'venue-service'; baseUrl: string };

/** One venue of an asset: a source and its market. */
export interface VenueName {
  source: string;
  market: string;
}

/** The largest lead–lag step: the lags run from −2 s to +2 s. */
export const maxLagStepMs = 2000;

/** What `mde metrics` was asked. */
export interface MetricsRequest {
  kind: MetricKind;
  input: MetricsInput;
  /** Filters: the market (and instrument) whose book and trades are read. */
  source: string | undefined;
  market: string | undefined;
  instrument: string | undefined;
  /** Range [from, to), Unix ms; with files, optional (null: everything). */
  from: number | null;
  to: number | null;
  format: 'csv' | 'jsonl';
  bandPct: number;
  notional: number;
  everyMs: number | null;
  horizonsMs: number[];
  sizeEdges: number[];
  top: number;
  barKind: ActivityBarKind | null;
  barSize: number | null;
  intervalMs: number | null;
  step: number | null;
  ratio: number;
  valueArea: number;
  /** venues: the venues, in order (empty: with files, every market the files hold, in the order met). */
  venues: VenueName[];
  /** venues: the reference of the basis and the lead–lag (null: the first venue). */
  reference: VenueName | null;
  /** venues: step of the grid the lead–lag correlates mid returns on, ms. */
  lagStepMs: number;
  /** venues: print the lead–lag table instead of the mids, basis and spreads. */
  leadLag: boolean;
}

const metricsSyntax = {
  options: {
    format: 'string',
    source: 'string',
    market: 'string',
    instrument: 'string',
    from: 'string',
    to: 'string',
    'base-url': 'string',
    'band-pct': 'string',
    notional: 'string',
    every: 'string',
    horizons: 'string',
    'size-edges': 'string',
    top: 'string',
    by: 'string',
    size: 'string',
    interval: 'string',
    step: 'string',
    ratio: 'string',
    'value-area': 'string',
    venues: 'string',
    reference: 'string',
    'lag-step': 'string',
    'lead-lag': 'flag',
  },
  positionals: { name: 'kind and FILE', min: 0, max: 100_000 },
} as const;

/** Which options each kind reads; any other kind-specific option is a mistake worth saying. */
const kindOptions: Record<MetricKind, readonly string[]> = {
  depth: ['band-pct', 'notional', 'every'],
  markouts: ['horizons'],
  'markout-summary': ['horizons', 'size-edges'],
  'large-trades': ['horizons', 'top'],
  bars: ['by', 'size'],
  footprint: ['interval', 'step', 'ratio'],
  profile: ['step', 'value-area'],
  cvd: ['interval'],
  latency: ['interval'],
  venues: ['venues', 'reference', 'every', 'lag-step', 'lead-lag'],
};
const kindSpecific = new Set(Object.values(kindOptions).flat());

/** Markout horizons one run computes at most, as in the app (`research.markouts`). */
const maxHorizons = 8;

const units: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** Reads a duration: `250ms`, `1s`, `5m`, `1h` or whole milliseconds; a usage error naming the flag otherwise. */
export function durationOption(flag: string, text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  const value = match === null ? Number.NaN : Number(match[1]) * (units[match[2] ?? 'ms'] ?? Number.NaN);
  if (!(Number.isFinite(value) && value >= 1 && Number.isInteger(value))) {
    throw new UsageError(`${flag} must be a duration of at least 1 ms such as 250ms, 1s, 5m or 1h, not "${text}"`);
  }
  return value;
}

/** Reads `source/market` (the market may hold further slashes); a usage error naming the flag otherwise. */
function venueOption(flag: string, text: string): VenueName {
  const slash = text.indexOf('/');
  const source = slash === -1 ? '' : text.slice(0, slash).trim();
  const market = slash === -1 ? '' : text.slice(slash + 1).trim();
  if (source === '' || market === '') throw new UsageError(`${flag} names a venue as SOURCE/MARKET (e.g. binance/ETH-USDT), not "${text}"`);
  return { source, market };
}

/** Whether two venue names are the same venue. */
export function sameVenue(a: VenueName, b: VenueName): boolean {
  return a.source === b.source && a.market === b.market;
}

/** The venues options of a request (defaults for other kinds), checked. */
function venueOptions(kind: MetricKind, values: Partial<Record<'venues' | 'reference' | 'lag-step', string>>): Pick<MetricsRequest, 'venues' | 'reference' | 'lagStepMs'> {
  const venues = values.venues === undefined ? [] : listOption('--venues', values.venues, (item) => venueOption('--venues', item));
  if (values.venues !== undefined && venues.length < 2) throw new UsageError(`--venues needs at least two venues to compare, not "${values.venues}"`);
  const repeated = venues.find((venue, i) => venues.findIndex((other) => sameVenue(other, venue)) !== i);
  if (repeated !== undefined) throw new UsageError(`--venues names ${repeated.source}/${repeated.market} twice`);
  const reference = values.reference === undefined ? null : venueOption('--reference', values.reference);
  if (reference !== null && venues.length > 0 && !venues.some((venue) => sameVenue(venue, reference))) {
    throw new UsageError(`--reference ${reference.source}/${reference.market} is not one of --venues ${values.venues ?? ''}`);
  }
  const lagStepMs = values['lag-step'] === undefined ? 250 : durationOption('--lag-step', values['lag-step']);
  if (lagStepMs > maxLagStepMs) throw new UsageError(`--lag-step must be at most 2s (the lags run from -2s to +2s), not "${values['lag-step'] ?? ''}"`);
  if (kind !== 'venues') return { venues: [], reference: null, lagStepMs };
  return { venues, reference, lagStepMs };
}

function listOption<T>(flag: string, text: string, read: (item: string) => T): T[] {
  const items = text.split(',').map((item) => item.trim());
  if (items.some((item) => item === '')) throw new UsageError(`${flag} is a comma-separated list with no empty item, not "${text}"`);
  return items.map(read);
}

/** Parses `mde metrics <kind> (FILE... | --source S --market M --from T --to T) [options]`; a mistake is a `UsageError` naming the flag. */
export function parseMetricsArgs(args: readonly string[]): MetricsRequest {
  const { values, flags, positionals } = readCommandLine(args, metricsSyntax);
  const [kindText, ...files] = positionals;
  if (kindText === undefined) throw new UsageError(`which metric? Give a kind: ${metricKinds.join(', ')}`);
  const kind = metricKinds.find((name) => name === kindText);
  if (kind === undefined) throw new UsageError(`unknown kind "${kindText}": use one of ${metricKinds.join(', ')}`);
  const given: ReadonlySet<string> = new Set<string>([...Object.keys(values), ...flags]);
  for (const name of kindSpecific) {
    if (given.has(name) && !kindOptions[kind].includes(name)) {
      throw new UsageError(`--${name} does not apply to ${kind} (it reads ${kindOptions[kind].map((option) => `--${option}`).join(', ') || 'no kind option'})`);
    }
  }
  const from = values.from === undefined ? null : timeOption('--from', values.from);
  const to = values.to === undefined ? null : timeOption('--to', values.to);
  if (from !== null && to !== null && to <= from) throw new UsageError('--to must be after --from');
  const venueChoice = venueOptions(kind, values);
  if (kind === 'venues') {
    for (const name of ['source', 'market', 'instrument'] as const) {
      if (values[name] !== undefined) throw new UsageError(`--${name} does not apply to venues: name each venue in --venues SOURCE/MARKET,SOURCE/MARKET`);
    }
  }
  let input: MetricsInput;
  if (kind === 'venues' && files.length === 0) {
    const missing = (['venues', 'from', 'to'] as const).filter((name) => values[name] === undefined);
    if (missing.length === 3) throw new UsageError('venues needs FILE... or a service range (--venues, --from, --to)');
    if (missing.length > 0) throw new UsageError(`a service range of venues needs ${missing.map((name) => `--${name}`).join(', ')} too`);
    input = { kind: 'venue-service', baseUrl: values['base-url'] === undefined ? defaultBaseUrl : checkBaseUrl(values['base-url']) };
  } else if (files.length > 0) {
    if (values['base-url'] !== undefined) throw new UsageError('give FILE... or a service range (--base-url with --source, --market, --from, --to), not both');
    input = { kind: 'files', files };
  } else {
    const missing = (['source', 'market', 'from', 'to'] as const).filter((name) => values[name] === undefined);
    if (missing.length === 4) throw new UsageError('missing FILE... or a service range (--source, --market, --from, --to)');
    if (missing.length > 0) throw new UsageError(`a service range needs ${missing.map((name) => `--${name}`).join(', ')} too`);
    const baseUrl = values['base-url'] === undefined ? defaultBaseUrl : checkBaseUrl(values['base-url']);
    input = { kind: 'service', baseUrl, source: values.source ?? '', market: values.market ?? '' };
  }
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'jsonl') throw new UsageError(`--format must be csv or jsonl, not "${format}"`);
  const barKind = values.by === undefined ? null : values.by;
  if (barKind !== null && barKind !== 'tick' && barKind !== 'volume' && barKind !== 'dollar') throw new UsageError(`--by must be tick, volume or dollar, not "${barKind}"`);
  if (kind === 'bars' && (barKind === null || values.size === undefined)) throw new UsageError('bars need --by tick|volume|dollar and --size N');
  const barSize = values.size === undefined ? null : barKind === 'tick' ? integerOption('--size', values.size, { min: 1, max: 1e9, expected: 'a whole number of trades from 1' }) : numberOption('--size', values.size);
  if ((kind === 'footprint' || kind === 'profile') && values.step === undefined) throw new UsageError(`${kind} needs --step P, the price bucket size (e.g. the market's tick)`);
  const horizonsMs = values.horizons === undefined ? [...defaultHorizonsMs] : listOption('--horizons', values.horizons, (item) => durationOption('--horizons', item));
  // Each horizon is a column as long as the trades: their number is bounded as the app bounds it.
  if (horizonsMs.length > maxHorizons) throw new UsageError(`--horizons takes at most ${maxHorizons} horizons (each is a column of every trade), not ${horizonsMs.length.toLocaleString('en-US')}`);
  const sizeEdges = values['size-edges'] === undefined ? [...defaultSizeEdges] : listOption('--size-edges', values['size-edges'], (item) => numberOption('--size-edges', item, 'non-negative'));
  if (sizeEdges.some((edge, i) => i > 0 && !(edge > (sizeEdges[i - 1] ?? 0)))) throw new UsageError(`--size-edges must rise strictly, not "${values['size-edges'] ?? ''}"`);
  const valueArea = values['value-area'] === undefined ? 0.7 : numberOption('--value-area', values['value-area']);
  if (valueArea > 1) throw new UsageError(`--value-area is a share from 0 to 1 (0.7 for 70 %), not "${values['value-area'] ?? ''}"`);
  return {
    kind,
    input,
    source: values.source,
    market: values.market,
    instrument: values.instrument,
    from,
    to,
    format,
    bandPct: values['band-pct'] === undefined ? 1 : numberOption('--band-pct', values['band-pct']),
    notional: values.notional === undefined ? 100_000 : numberOption('--notional', values.notional),
    everyMs: values.every === undefined ? null : durationOption('--every', values.every),
    horizonsMs,
    sizeEdges,
    top: values.top === undefined ? 20 : integerOption('--top', values.top, { min: 1, max: 1_000_000, expected: 'a whole number from 1 to 1000000' }),
    barKind,
    barSize,
    intervalMs: values.interval === undefined ? null : durationOption('--interval', values.interval),
    step: values.step === undefined ? null : numberOption('--step', values.step),
    ratio: values.ratio === undefined ? 3 : numberOption('--ratio', values.ratio),
    valueArea,
    ...venueChoice,
    leadLag: flags.has('lead-lag'),
  };
}
