import { VenueStudy } from '../../host/research/venue-study.ts';
import { UsageError } from '../command-line.ts';
import { FileFeed } from './file-feed.ts';
import type { MarketFeed } from './market-feed.ts';
import { sameVenue, type MetricsRequest, type VenueName } from './metrics-args.ts';
import { MetricsTableWriter, type TextSink } from './metrics-table.ts';
import type { MetricRunResult } from './study-run.ts';
import { filesByVenue } from './venue-files.ts';

/** The display grid's step when `--every` is not given, ms. */
const defaultGridStepMs = 1000;

/** How far before `--from` a service venue's books are read, so the grid's first times have the book then in force (files are read whole). */
const serviceLookBackMs = 60_000;

function nameOf(venue: VenueName): string {
  return `${venue.source}/${venue.market}`;
}

/** The venues a request reads, each with its feed: its own files, or its service range. */
async function venueFeeds(request: MetricsRequest): Promise<{ venue: VenueName; feed: MarketFeed }[]> {
  const input = request.input;
  if (input.kind === 'files') {
    const groups = await filesByVenue(input.files);
    const held = groups.map(nameOf).join(', ') || 'no record';
    const missing = request.venues.filter((venue) => !groups.some((group) => sameVenue(group, venue)));
    if (missing.length > 0) throw new UsageError(`no file holds ${missing.map(nameOf).join(', ')} (the files hold ${held})`);
    const chosen = request.venues.length === 0 ? groups : groups.filter((group) => request.venues.some((venue) => sameVenue(group, venue)));
    if (request.venues.length > 0) chosen.sort((a, b) => request.venues.findIndex((venue) => sameVenue(venue, a)) - request.venues.findIndex((venue) => sameVenue(venue, b)));
    if (chosen.length < 2) throw new UsageError(`venues compares at least two venues; the files hold ${held}`);
    return chosen.map((group) => ({ venue: { source: group.source, market: group.market }, feed: new FileFeed(group.files, { source: group.source, market: group.market, instrument: undefined }) }));
  }
  if (input.kind === 'service') throw new UsageError('venues reads --venues SOURCE/MARKET,SOURCE/MARKET, not --source and --market');
  const { serviceFeeds } = await import('./service-client.ts');
  const from = request.from ?? 0;
  const to = request.to ?? 0;
  const feeds = serviceFeeds(
    input.baseUrl,
    request.venues.map((venue) => ({ source: venue.source, market: venue.market, instrument: undefined, from, to, booksBeyondMs: 0, booksBeforeMs: serviceLookBackMs })),
  );
  return request.venues.map((venue, i) => {
    const feed = feeds[i];
    if (feed === undefined) throw new Error(`no feed for ${venue.source}/${venue.market}`);
    return { venue, feed };
  });
}

/** The lead–lag's peak for one venue, in words. */
function peakNote(name: string, reference: string, lagMs: Float64Array, correlation: Float64Array, pairs: Float64Array): string {
  let best = -1;
  for (let l = 0; l < correlation.length; l++) if (!Number.isNaN(correlation[l] ?? Number.NaN) && (best === -1 || Math.abs(correlation[l] ?? 0) > Math.abs(correlation[best] ?? 0))) best = l;
  if (best === -1) return `lead-lag of ${name} against ${reference}: no correlation (fewer than 3 pairs of returns at every lag)`;
  const lag = lagMs[best] ?? 0;
  const who = lag > 0 ? `${reference} leads by ${lag} ms` : lag < 0 ? `${name} leads by ${-lag} ms` : 'they move together';
  return `lead-lag of ${name} against ${reference}: strongest correlation ${(correlation[best] ?? Number.NaN).toFixed(3)} at ${lag} ms over ${pairs[best] ?? 0} pairs (${who})`;
}

/**
 * `mde metrics venues`: one asset across venues with the Research view's study (`VenueStudy`):
 * each venue's book replayed from its own stream; its mid, basis against the reference (bps) and
 * spread (bps) on a grid of `--every` (last value at or before each grid time), or with `--lead-lag`
 * the cross-correlation of mid log returns against the reference at lags −2 s..+2 s on a grid of
 * `--lag-step`. The strongest lag of each venue goes to stderr.
 */
export async function runVenues(request: MetricsRequest, sink: TextSink): Promise<MetricRunResult> {
  const feeds = await venueFeeds(request);
  const venues = feeds.map((entry) => entry.venue);
  const referenceVenue = request.reference;
  const reference = referenceVenue === null ? 0 : venues.findIndex((venue) => sameVenue(venue, referenceVenue));
  if (reference === -1 && referenceVenue !== null) throw new UsageError(`--reference ${nameOf(referenceVenue)} is not among the venues read (${venues.map(nameOf).join(', ')})`);
  const study = new VenueStudy({
    venues,
    start: request.from,
    end: request.to === null ? null : request.to - 1,
    reference,
    lagStepMs: request.lagStepMs,
    stepMs: request.everyMs ?? defaultGridStepMs,
  });
  for (const [stream, { feed }] of feeds.entries()) await feed.read({ book: (input) => study.book(stream, input) });
  const result = study.finish();
  const table = request.leadLag ? result.tables['lead-lag'] : result.tables.venues;
  const columns = table?.columns ?? [];
  const writer = new MetricsTableWriter(request.format, columns.map((column) => column.name), sink);
  await writer.write(columns, table?.rows ?? 0);
  await writer.end();
  const { names, time, stepMs, leadLag } = result.output;
  const referenceName = names[reference] ?? '';
  const first = time[0];
  const last = time.at(-1);
  const grid = first === undefined || last === undefined ? 'an empty grid' : `a grid of ${stepMs} ms from ${new Date(first).toISOString()} to ${new Date(last).toISOString()}`;
  const lagMs = Float64Array.from(leadLag.lagMs);
  const peaks = names.flatMap((name, i) =>
    i === reference ? [] : [peakNote(name, referenceName, lagMs, Float64Array.from(leadLag.correlation[i] ?? [], (value) => value ?? Number.NaN), Float64Array.from(leadLag.pairs[i] ?? []))],
  );
  return { notes: [`${names.length} venues against ${referenceName} on ${grid}; lead-lag on ${leadLag.stepMs} ms returns`, ...peaks, ...result.notes] };
}
