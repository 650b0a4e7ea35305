import { BookDataError } from '../../../shared/book/book-data-error.ts';
import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import { MarketDataError } from '../../host/client/market-data-error.ts';
import { UsageError } from '../command-line.ts';
import { FileFeed } from './file-feed.ts';
import type { MarketFeed } from './market-feed.ts';
import { metricStudies } from './metric-studies.ts';
import { parseMetricsArgs, type MetricsRequest } from './metrics-args.ts';
import { stdoutSink } from './metrics-table.ts';
import { runMetricStudy } from './study-run.ts';
import { runVenues } from './venues-run.ts';

/** Exit code for a bad file, bad data or a failed service call. */
const failedExit = 1;

/** The kinds that read books (the others read trades only). */
const readsBooks = new Set<MetricsRequest['kind']>(['depth', 'markouts', 'markout-summary', 'large-trades', 'latency']);

/** The feed a request of one market reads: its files, or its service range through the client (loaded only then). */
async function feedOf(request: MetricsRequest): Promise<MarketFeed> {
  const choice = { source: request.source, market: request.market, instrument: request.instrument };
  if (request.input.kind === 'files') return new FileFeed(request.input.files, choice);
  if (request.input.kind === 'venue-service') throw new UsageError(`${request.kind} reads one market: give --source and --market, not --venues`);
  const { serviceFeed } = await import('./service-client.ts');
  const markoutKinds = request.kind === 'markouts' || request.kind === 'markout-summary' || request.kind === 'large-trades';
  return serviceFeed(request.input.baseUrl, {
    source: request.input.source,
    market: request.input.market,
    instrument: request.instrument,
    from: request.from ?? 0,
    to: request.to ?? 0,
    booksBeyondMs: markoutKinds && readsBooks.has(request.kind) ? Math.max(0, ...request.horizonsMs) : 0,
  });
}

/**
 * `mde metrics <kind> ...`: order-flow metrics (depth, markouts, bars, footprint, profile, CVD,
 * latency, venues side by side) over snapshot files or a service range, as CSV or JSON lines on
 * stdout; notes on stderr.
 */
export async function runMetrics(args: readonly string[]): Promise<number> {
  const request = parseMetricsArgs(args);
  try {
    const result = request.kind === 'venues' ? await runVenues(request, stdoutSink) : await runMetricStudy(metricStudies[request.kind](request), request.format, await feedOf(request), stdoutSink);
    for (const note of result.notes) console.error(`mde metrics: ${note}`);
    return 0;
  } catch (error) {
    if (error instanceof SnapshotDecodeError || error instanceof BookDataError) {
      console.error(`mde metrics: ${error.message}`);
      return failedExit;
    }
    if (error instanceof MarketDataError) {
      console.error(`mde metrics: ${error.message}${error.status === null ? '' : ` (HTTP ${error.status})`} [${error.kind}]`);
      if (error.resolution !== null) console.error(`  ${error.resolution}`);
      return failedExit;
    }
    // The engines refuse options they cannot honour (a price step so fine the profile would not fit) with a RangeError that says what to change.
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}
