import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { anonymousRefusal } from '../../../shared/access-windows.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { ResearchProgress, ResearchRead, ResearchTarget } from '../../../shared/contract/research-schemas.ts';
import { defaultHorizonsMs } from '../../../shared/research/markouts.ts';
import { sideCodeOf } from '../../../shared/research/trade-series.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import type { EventHub } from '../contract/event-hub.ts';
import type { ContractHandlers } from '../contract/handlers.ts';
import { Prefetch } from '../book/page-prefetch.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';
import type { RowPage } from '../client/row-page.ts';
import { contractError, contractErrorOf, keyNeededError, noDataSourceError } from '../contract-errors.ts';
import { ExportError, exportContractError } from '../export/export-error.ts';
import { exportFileName } from '../export/export-handlers.ts';
import type { GrantedFiles } from '../files/file-grants.ts';
import { LoadRegistry, type LoadContext } from '../market/load-registry.ts';
import type { WorkerEntry } from '../../base/workers/worker-entry.ts';
import { timeStepFor } from './auto-steps.ts';
import { writeResearchTable } from './research-export.ts';
import { ResearchJobError, type JobInput, type JobRead, type JobResult, type StudyKind, type StudyOutputs, type StudySpec, type TradePage } from './research-job.ts';
import { ResearchResults } from './research-results.ts';
import type { StudyNeeds, StudyRange } from './research-study.ts';
import { ResearchJobRun } from './research-worker-client.ts';
import { StreamOrderCheck } from './stream-order.ts';

/** The contract channels this module implements. */
export type ResearchHandlers = Pick<
  ContractHandlers,
  'research.markouts' | 'research.depth' | 'research.latency' | 'research.activity' | 'research.venues' | 'research.cancel' | 'research.export'
>;

/** How research reaches the active service. */
export interface ResearchAccess {
  clientOf: () => Promise<{ client: MarketDataClient }>;
  /** Whether requests carry a key (the demo's, or one stored for the remote). */
  hasKey: () => Promise<boolean>;
  /** The clock the access windows are judged by; must match the service's (default `Date.now`). */
  now?: () => number;
}

/** The most rows one load reads: a longer range is cut (`read.truncated`) and covers its earliest part. */
export const researchCaps = { bookRows: 2_000_000, trades: 1_000_000 } as const;

/** What the research channels are built from. */
export interface ResearchHandlerOptions {
  events: EventHub;
  files: GrantedFiles;
  /** The active service; without it a market target answers `unavailable`. */
  access?: ResearchAccess;
  /** The library folder; exports land in its `exports/`. */
  libraryRoot: () => Promise<string>;
  caps?: Partial<typeof researchCaps>;
  /** The research worker's script (tests may pass the source entry). */
  entry?: WorkerEntry;
  now?: () => number;
}

/** Depth samples one study keeps at most (2,000,000 is 5.5 hours at the finest step, 10 ms). */
export const maxDepthSamples = 2_000_000;

/** Rows per page asked of the service: its maximum. */
const pageLimit = 1000;

function stamp(ms: number): string {
  return new Date(ms).toISOString().replaceAll(':', '').replace(/\.\d{3}Z$/, 'Z');
}

function tradePageOf(rows: readonly TradeRow[]): TradePage {
  const n = rows.length;
  const page: TradePage = { time: new Float64Array(n), price: new Float64Array(n), quantity: new Float64Array(n), side: new Int8Array(n), exchangeTime: new Float64Array(n) };
  rows.forEach((row, i) => {
    page.time[i] = row.collector_timestamp;
    page.price[i] = row.price;
    page.quantity[i] = row.quantity;
    page.side[i] = sideCodeOf(row.side);
    page.exchangeTime[i] = row.exchange_timestamp ?? Number.NaN;
  });
  return page;
}

/** The pages of a row stream, read one ahead of the consumer. */
async function* prefetched<Row>(pages: AsyncIterable<RowPage<Row>>): AsyncGenerator<RowPage<Row>, void, undefined> {
  const ahead = new Prefetch(pages[Symbol.asyncIterator]());
  try {
    for (;;) {
      const next = await ahead.next();
      if (next.done === true) return;
      yield next.value;
    }
  } finally {
    await ahead.return();
  }
}

/** A job failure as a contract error: bad data in the rows or files is the data's fault, anything else internal. */
function jobError(error: unknown, channel: string): unknown {
  if (!(error instanceof ResearchJobError)) return error;
  return error.failure.kind === 'data'
    ? contractError('invalid-response', channel, `The data cannot be studied: ${error.failure.message}`, 'Choose another range or file; if the service sent it, report the message.')
    : contractError('internal', channel, error.failure.message, 'Try again.');
}

function readOf(read: JobRead, truncated: boolean, notes: readonly string[]): ResearchRead {
  return { ...read, truncated, notes: [...notes] };
}

/**
 * The `research.*` channels: each panel's study runs in a worker thread of its own
 * (`research-worker.ts`), fed with a market's `/l2-orderbooks` and `/historical/trades` pages read
 * through the client (judged against the anonymous windows before anything is sent), or reading
 * granted snapshot files itself. A load runs under the renderer's `requestId`: `research.cancel`
 * aborts the client's paging and terminates the worker (the call fails as `cancelled`), and
 * `research.progress` follows each page. Each result's tables are kept (bounded) under its
 * `resultId` for `research.export`, which writes them under the library's `exports/`.
 */
export function researchHandlers(options: ResearchHandlerOptions): ResearchHandlers & { close: () => void } {
  const caps = { ...researchCaps, ...options.caps };
  const loads = new LoadRegistry(() => {});
  const results = new ResearchResults();
  const jobs = new Set<ResearchJobRun<StudyKind>>();
  const progress = (event: ResearchProgress): void => options.events.emit('research.progress', event);

  function access(channel: string): ResearchAccess {
    if (options.access !== undefined) return options.access;
    throw noDataSourceError(channel, 'research');
  }

  /** The refusal of a market load the service would refuse without a key (spec 4.14), before anything is sent. */
  async function judge(market: ResearchAccess, needs: StudyNeeds, start: number, end: number, booksEnd: number, channel: string): Promise<void> {
    if (await market.hasKey()) return;
    const now = (market.now ?? options.now ?? Date.now)();
    const reason =
      (needs.books ? anonymousRefusal('latest-hour', '/l2-orderbooks', { start, end: booksEnd }, now) : null) ??
      (needs.trades ? anonymousRefusal('historical', '/historical/trades', { start, end }, now) : null);
    if (reason !== null) throw keyNeededError(channel, reason);
  }

  /**
   * A market range cut at the service's now (no data lies after it, and a range into the future
   * would size the study's grids by time that holds nothing); one that starts after now is refused.
   */
  function untilNow(market: ResearchAccess, range: { start: number; end: number }, channel: string): { start: number; end: number } {
    const now = (market.now ?? options.now ?? Date.now)();
    if (range.start >= now) {
      throw contractError('invalid-request', channel, `The range starts at ${new Date(range.start).toISOString()}, after now (${new Date(now).toISOString()}): there is no data there yet`, 'Choose a range that starts before now.');
    }
    return { start: range.start, end: Math.min(range.end, now) };
  }

  function startJob<K extends StudyKind>(spec: StudySpec<K>, input: JobInput, onProgress: (bookEvents: number, trades: number) => void): ResearchJobRun<K> {
    const job = new ResearchJobRun<K>({ study: spec, input }, onProgress, options.entry);
    jobs.add(job);
    return job;
  }

  /** Feeds one stream of `/l2-orderbooks` pages to a job; returns the rows read and whether the cap cut them. */
  async function feedBooks(
    channel: string,
    client: MarketDataClient,
    job: ResearchJobRun<StudyKind>,
    stream: number,
    query: { source: string; market: string; instrument?: string | undefined; start: number; end: number },
    context: LoadContext,
    report: (rows: number) => void,
  ): Promise<{ rows: number; truncated: boolean }> {
    let rows = 0;
    const order = new StreamOrderCheck(channel);
    const filter = { source: query.source, market: query.market, ...(query.instrument === undefined ? {} : { instrument: query.instrument }), start: query.start, end: query.end, limit: pageLimit };
    for await (const page of prefetched<L2Row>(client.l2Orderbooks(filter, { signal: context.signal }).pages())) {
      const room = caps.bookRows - rows;
      const items = page.items.length > room ? page.items.slice(0, room) : page.items;
      order.page(items.map((row) => row.event_id), '/l2-orderbooks');
      rows += items.length;
      await job.books(stream, items);
      report(rows);
      if (items.length < page.items.length || rows >= caps.bookRows) return { rows, truncated: true };
    }
    return { rows, truncated: false };
  }

  /** Runs a study over a target: a market range through the client, or granted files in the worker. */
  async function run<K extends StudyKind>(
    channel: string,
    requestId: string,
    target: ResearchTarget,
    needs: StudyNeeds,
    specOf: (range: StudyRange) => StudySpec<K>,
    booksBeyondMs = 0,
  ): Promise<{ resultId: string; read: ResearchRead; output: StudyOutputs[K] }> {
    try {
      const finished = (result: JobResult<StudyOutputs[K]>, truncated: boolean, notes: string[] = []): { resultId: string; read: ResearchRead; output: StudyOutputs[K] } => ({
        resultId: results.add(result.tables),
        read: readOf(result.read, truncated, [...notes, ...result.notes]),
        output: result.output,
      });
      if (target.kind === 'files') {
        const paths = options.files.resolve(target.fileIds).map((file) => file.path);
        return await loads.run(requestId, channel, async (context) => {
          const job = startJob(specOf(null), { kind: 'files', paths, source: target.source, market: target.market }, (bookEvents, trades) =>
            progress({ requestId, stage: needs.books ? 'books' : 'trades', rows: needs.books ? bookEvents : trades }),
          );
          context.signal.addEventListener('abort', () => job.cancel(), { once: true });
          try {
            return finished(await job.finish(false), false);
          } finally {
            jobs.delete(job);
          }
        });
      }
      const market = access(channel);
      const range = untilNow(market, target, channel);
      const booksEnd = range.end + booksBeyondMs;
      await judge(market, needs, range.start, range.end, booksEnd, channel);
      return await loads.run(requestId, channel, async (context) => {
        const { client } = await market.clientOf();
        context.signal.throwIfAborted();
        const job = startJob(specOf(range), { kind: 'pages' }, () => {});
        context.signal.addEventListener('abort', () => job.cancel(), { once: true });
        try {
          let truncated = false;
          const notes: string[] = [];
          if (needs.books) {
            const books = await feedBooks(channel, client, job, 0, { ...target, ...range, end: booksEnd }, context, (rows) => progress({ requestId, stage: 'books', rows }));
            if (books.truncated) {
              truncated = true;
              notes.push(`Only the first ${caps.bookRows.toLocaleString('en-US')} book events were read: the result covers the start of the range. Choose a shorter range.`);
            }
          }
          if (needs.trades) {
            let rows = 0;
            const filter = { source: target.source, market: target.market, ...(target.instrument === undefined ? {} : { instrument: target.instrument }), start: range.start, end: range.end, limit: pageLimit };
            for await (const page of prefetched<TradeRow>(client.historicalTrades(filter, { signal: context.signal }).pages())) {
              const room = caps.trades - rows;
              const items = page.items.length > room ? page.items.slice(0, room) : page.items;
              rows += items.length;
              await job.trades(tradePageOf(items));
              progress({ requestId, stage: 'trades', rows });
              if (items.length < page.items.length || rows >= caps.trades) {
                truncated = true;
                notes.push(`Only the first ${caps.trades.toLocaleString('en-US')} trades were read: the result covers the start of the range. Choose a shorter range.`);
                break;
              }
            }
          }
          progress({ requestId, stage: 'computing', rows: 0 });
          const result = await job.finish(true);
          if (result.read.source === null) result.read.source = target.source;
          if (result.read.market === null) result.read.market = target.market;
          return finished(result, truncated, notes);
        } finally {
          jobs.delete(job);
        }
      });
    } catch (error) {
      throw contractErrorOf(jobError(error, channel), channel);
    }
  }

  /**
   * The step of a market's depth samples (about 2,000 over the range), or 1 s over files. A step
   * asked for that would sample a market's range (up to now) more than `maxDepthSamples` times is
   * refused with the limit, before anything is read.
   */
  function depthStep(target: ResearchTarget, stepMs: number | undefined): number {
    if (target.kind === 'files') return stepMs ?? 1000;
    if (stepMs === undefined) return timeStepFor(target.end - target.start, 2000, 100);
    const now = (options.access?.now ?? options.now ?? Date.now)();
    const span = Math.min(target.end, now) - target.start;
    const samples = Math.floor(span / stepMs) + 1;
    if (samples > maxDepthSamples) {
      throw contractError(
        'invalid-request',
        'research.depth',
        `Depth sampled every ${stepMs.toLocaleString('en-US')} ms over this range would take ${samples.toLocaleString('en-US')} samples, more than the ${maxDepthSamples.toLocaleString('en-US')} a study keeps`,
        `Choose a step of at least ${Math.ceil(span / (maxDepthSamples - 1)).toLocaleString('en-US')} ms, or a shorter range.`,
      );
    }
    return stepMs;
  }

  const choiceOf = (target: ResearchTarget): { source?: string; market?: string; instrument?: string | null } =>
    target.kind === 'market'
      ? { source: target.source, market: target.market, ...(target.instrument === undefined ? {} : { instrument: target.instrument }) }
      : { ...(target.source === undefined ? {} : { source: target.source }), ...(target.market === undefined ? {} : { market: target.market }) };

  return {
    'research.markouts': async (input) => {
      const horizons = input.horizonsMs ?? defaultHorizonsMs;
      const { resultId, read, output } = await run(
        'research.markouts',
        input.requestId,
        input.target,
        { books: true, trades: true },
        (range) => ({ kind: 'markouts', params: { choice: choiceOf(input.target), range, horizonsMs: input.horizonsMs, sizeEdges: input.sizeEdges, top: input.top } }),
        Math.max(...horizons),
      );
      return { resultId, read, ...output };
    },

    'research.depth': async (input) => {
      const stepMs = depthStep(input.target, input.stepMs);
      const { resultId, read, output } = await run('research.depth', input.requestId, input.target, { books: true, trades: false }, (range) => ({
        kind: 'depth',
        params: { choice: choiceOf(input.target), range, bandPct: input.bandPct, notional: input.notional, stepMs },
      }));
      return { resultId, read, ...output };
    },

    'research.latency': async (input) => {
      const { resultId, read, output } = await run('research.latency', input.requestId, input.target, { books: true, trades: true }, (range) => ({
        kind: 'latency',
        params: { range, intervalMs: input.intervalMs },
      }));
      return { resultId, read, ...output };
    },

    'research.activity': async (input) => {
      const { resultId, read, output } = await run('research.activity', input.requestId, input.target, { books: false, trades: true }, (range) => ({
        kind: 'activity',
        params: { range, barKind: input.barKind, barSize: input.barSize, priceStep: input.priceStep, cvdIntervalMs: input.cvdIntervalMs },
      }));
      return { resultId, read, ...output };
    },

    'research.venues': async (input) => {
      const channel = 'research.venues';
      try {
        const market = access(channel);
        const { start, end } = untilNow(market, input, channel);
        await judge(market, { books: true, trades: false }, start, end, end, channel);
        const reference = input.reference ?? 0;
        return await loads.run(input.requestId, channel, async (context) => {
          const { client } = await market.clientOf();
          context.signal.throwIfAborted();
          const job = startJob({ kind: 'venues', params: { venues: input.venues, start, end, reference, lagStepMs: input.lagStepMs ?? 250 } }, { kind: 'pages' }, () => {});
          context.signal.addEventListener('abort', () => job.cancel(), { once: true });
          try {
            let total = 0;
            const reads: ResearchRead[] = [];
            for (const [stream, venue] of input.venues.entries()) {
              const before = total;
              const books = await feedBooks(channel, client, job, stream, { ...venue, start, end }, context, (rows) => progress({ requestId: input.requestId, stage: 'books', rows: before + rows }));
              total += books.rows;
              reads.push({
                source: venue.source,
                market: venue.market,
                bookEvents: books.rows,
                trades: 0,
                otherMarketRecords: 0,
                truncated: books.truncated,
                notes: books.truncated ? [`Only the first ${caps.bookRows.toLocaleString('en-US')} book events were read.`] : books.rows === 0 ? ['No book event in this range.'] : [],
              });
            }
            progress({ requestId: input.requestId, stage: 'computing', rows: 0 });
            const result = await job.finish(true);
            return { resultId: results.add(result.tables), reads, ...result.output };
          } finally {
            jobs.delete(job);
          }
        });
      } catch (error) {
        throw contractErrorOf(jobError(error, channel), channel);
      }
    },

    'research.cancel': ({ requestId }) => Promise.resolve({ cancelled: loads.cancel(requestId) }),

    'research.export': async (input) => {
      const channel = 'research.export';
      const tables = results.get(input.resultId);
      if (tables === undefined) {
        throw contractError('not-found', channel, 'This result is no longer held in memory', 'Run the panel again, then export.');
      }
      const table = tables[input.table];
      if (table === undefined) throw contractError('not-found', channel, `This result has no ${input.table} table`, 'Export a table the panel shows.');
      try {
        const name = exportFileName(input.name ?? `${input.table}-${stamp((options.now ?? Date.now)())}`, input.format);
        const out = join(await options.libraryRoot(), 'exports', name);
        const exists = await lstat(out).then(
          () => true,
          () => false,
        );
        if (exists) throw new ExportError('exists', `${out} already exists`, 'Choose another name, or delete the old export.');
        const written = await writeResearchTable(table, input.format, out);
        return { path: out, ...written };
      } catch (error) {
        if (error instanceof ExportError) throw exportContractError(error, channel);
        throw error;
      }
    },

    close: () => {
      for (const job of jobs) job.cancel();
      jobs.clear();
    },
  };
}
