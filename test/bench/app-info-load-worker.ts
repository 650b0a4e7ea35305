import { parentPort, workerData } from 'node:worker_threads';
import type { BookKey } from '../../shared/book/book-key.ts';
import type { BookReplayEnded, BookReplayProgress } from '../../shared/contract/book-replay-schemas.ts';
import type { BookTracksEvent } from '../../shared/contract/book-session-schemas.ts';
import { eventChannels } from '../../shared/contract/channels.ts';
import type { ExportEnded } from '../../shared/contract/library-schemas.ts';
import { connectContract, sampleAppInfo, type AppInfoSamples } from './contract-client.ts';

// The load of `app-info-latency.bench.ts`, in a worker thread with its own contract socket (the
// window's part): a 6 h market replay as the Replay view runs it, an export from the library,
// and the Events view asking for the mixed stream over and over. Kept off the bench's main
// thread so that reading 20,000-event answers here never delays the probe's own `app.info` timing.

/** What the bench hands the worker. */
export interface LoadPlan {
  url: string;
  replay: { source: string; market: string; start: number; end: number; priceStep: number };
  /** The library range exported (its files were put in the library before the app started). */
  exported: { source: string; market: string; start: number; end: number };
  /** The window the Events view pages through (all sources and markets, all types). */
  events: { start: number; end: number };
  /** Stop the load by then even if the replay is still reading, ms. */
  maxMs: number;
  /** `app.info` on this socket too, every so many ms (what the window itself would see). */
  pingEveryMs: number;
}

/** What the worker reports when the load is over. */
export interface LoadSummary {
  loadMs: number;
  replay: { ended: boolean; ok: boolean | null; error: string | null; progress: BookReplayProgress | null; endedAtMs: number | null; firstEntriesAtMs: number | null; windowMs: number | null; windowError: string | null };
  /** `sofar`: rows the last `market.progress` of the call reported. */
  trades: { rows: number | null; ms: number | null; error: string | null; sofar: number };
  /** `runningRows`, `runningFraction`: the export still running when the load stopped, as its last `export.progress` said. */
  exports: { started: number; done: number; rows: number; bytes: number; failures: string[]; runningRows: number; runningFraction: number };
  /** `pages`: `market.progress` events of the calls (one a service page); `runningRows`: rows of the call still running when the load stopped. */
  events: { calls: number; items: number; truncated: number; failures: string[]; slowestMs: number; pages: number; runningRows: number };
  sameSocket: AppInfoSamples;
  /** Push events this socket received during the load, by channel. */
  eventCounts: Record<string, number>;
}

/** Messages to the bench. */
export type LoadMessage = { type: 'connected' } | { type: 'load-ended'; loadMs: number } | { type: 'summary'; summary: LoadSummary } | { type: 'failed'; message: string };

const plan = workerData as LoadPlan;
if (parentPort === null) throw new Error('app-info-load-worker runs as a worker thread');
const port = parentPort;
const post = (message: LoadMessage): void => port.postMessage(message);

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function main(): Promise<void> {
  const client = connectContract(plan.url);
  const { api } = client;
  await api.app.info();
  post({ type: 'connected' });
  await new Promise<void>((resolve) => port.once('message', () => resolve()));

  const began = performance.now();
  const since = (): number => performance.now() - began;
  // Written by the loops and the wind-down (an object, so no narrowing hides a change made elsewhere).
  const state: { stopping: boolean; exportId: string | null; eventsRequestId: string | null; replayId: string | null } = { stopping: false, exportId: null, eventsRequestId: null, replayId: null };
  const stopped = (): boolean => state.stopping;
  const summary: LoadSummary = {
    loadMs: 0,
    replay: { ended: false, ok: null, error: null, progress: null, endedAtMs: null, firstEntriesAtMs: null, windowMs: null, windowError: null },
    trades: { rows: null, ms: null, error: null, sofar: 0 },
    exports: { started: 0, done: 0, rows: 0, bytes: 0, failures: [], runningRows: 0, runningFraction: 0 },
    events: { calls: 0, items: 0, truncated: 0, failures: [], slowestMs: 0, pages: 0, runningRows: 0 },
    sameSocket: { times: [], failures: [] },
    eventCounts: {},
  };
  const counting = Object.keys(eventChannels).map((channel) =>
    api.events.on(channel as keyof typeof eventChannels, () => {
      if (!stopped()) summary.eventCounts[channel] = (summary.eventCounts[channel] ?? 0) + 1;
    }),
  );

  // (a) The replay, as `useReplaySession` runs it: listeners first (events may come before the id).
  const early = new Map<string, BookTracksEvent[]>();
  const endedById = new Map<string, BookReplayEnded>();
  let replayDone: () => void = () => {};
  const replayOver = new Promise<void>((resolve) => (replayDone = resolve));
  let firstBook = false;
  const tradesRequestId = 'app-info-bench-trades';
  let tradesRunning: Promise<void> = Promise.resolve();
  const onTracks = (event: BookTracksEvent): void => {
    summary.replay.progress = event.progress;
    const track = event.tracks.find((candidate) => candidate.entries > 0);
    const replayId = state.replayId;
    if (firstBook || track === undefined || replayId === null) return;
    firstBook = true;
    summary.replay.firstEntriesAtMs = since();
    // The player asks for the first window of frames; the view asks for the range's trades once books are in.
    const book: BookKey = track.key;
    const asked = performance.now();
    void api.book.window({ replayId, book, at: track.firstClock ?? plan.replay.start, before: 512, after: 3584 }).then(
      () => (summary.replay.windowMs = performance.now() - asked),
      (error: unknown) => (summary.replay.windowError = messageOf(error)),
    );
    const tradesAsked = performance.now();
    const { source, market, start, end } = plan.replay;
    tradesRunning = api.market.trades({ source, market, start, end, requestId: tradesRequestId }).then(
      (columns) => {
        summary.trades.rows = columns.time.length;
        summary.trades.ms = performance.now() - tradesAsked;
      },
      (error: unknown) => {
        if (!stopped()) summary.trades.error = messageOf(error);
      },
    );
  };
  const ended = (event: BookReplayEnded): void => {
    summary.replay.ended = true;
    summary.replay.ok = event.ok;
    summary.replay.error = event.error === null ? null : `${event.error.kind}: ${event.error.message}`;
    summary.replay.progress = event.progress;
    summary.replay.endedAtMs = since();
    replayDone();
  };
  const offs = [
    api.events.on('book.tracks', (event) => {
      if (state.replayId === null) early.set(event.replayId, [...(early.get(event.replayId) ?? []), event]);
      else if (event.replayId === state.replayId) onTracks(event);
    }),
    api.events.on('book.replayEnded', (event) => {
      if (state.replayId === null) endedById.set(event.replayId, event);
      else if (event.replayId === state.replayId) ended(event);
    }),
  ];
  const { source, market, start, end, priceStep } = plan.replay;
  const replayStarted = api.book.replayMarket({ source, market, start, end, rows: 'l2-orderbooks', priceStep }).then(
    (started) => {
      state.replayId = started.replayId;
      for (const event of early.get(started.replayId) ?? []) onTracks(event);
      const end = endedById.get(started.replayId);
      if (end !== undefined) ended(end);
    },
    (error: unknown) => {
      summary.replay.error = `start: ${messageOf(error)}`;
      replayDone();
    },
  );

  // (b) Exports, one after another while the load lasts, as the Downloads view starts them.
  const exportEnds = new Map<string, (end: ExportEnded) => void>();
  const endedExports = new Map<string, ExportEnded>();
  offs.push(
    api.events.on('export.progress', (progress) => {
      if (stopped() || progress.exportId !== state.exportId) return;
      summary.exports.runningRows = progress.rows;
      summary.exports.runningFraction = progress.fraction;
    }),
    api.events.on('market.progress', (progress) => {
      if (stopped()) return;
      if (progress.requestId === tradesRequestId) summary.trades.sofar = progress.rows;
      if (progress.requestId !== state.eventsRequestId) return;
      summary.events.pages++;
      summary.events.runningRows = progress.rows;
    }),
    api.events.on('export.ended', (end) => {
      const waiter = exportEnds.get(end.exportId);
      if (waiter === undefined) endedExports.set(end.exportId, end);
      else waiter(end);
    }),
  );
  const exporting = (async () => {
    while (!stopped()) {
      try {
        const name = `app-info-bench-${summary.exports.started + 1}`;
        const started = await api.export.start({ from: { kind: 'library', ...plan.exported }, types: [], format: 'csv', name });
        summary.exports.started++;
        state.exportId = started.exportId;
        const end = endedExports.get(started.exportId) ?? (await new Promise<ExportEnded>((resolve) => exportEnds.set(started.exportId, resolve)));
        state.exportId = null;
        // The one cancelled at the end keeps what it had done.
        if (!stopped()) {
          summary.exports.runningRows = 0;
          summary.exports.runningFraction = 0;
        }
        if (end.state === 'done') {
          summary.exports.done++;
          summary.exports.rows += end.rows;
          summary.exports.bytes += end.bytes;
        } else if (end.state === 'failed') summary.exports.failures.push(end.message ?? 'failed');
      } catch (error) {
        summary.exports.failures.push(messageOf(error));
        await delay(1000);
      }
    }
  })();

  // (c) The Events view over the window, all sources and types, as it loads now: each call streams
  // the service's pages (main follows the cursors) as `market.eventRows` up to its 20,000-event cap;
  // the next call goes on from the last event shown.
  // An object, so no narrowing hides the listener's writes.
  const streamed: { last: { requestId: string; time: number } | null } = { last: null };
  api.events.on('market.eventRows', (rows) => {
    if (rows.requestId !== state.eventsRequestId) return;
    const last = rows.items.at(-1);
    if (last !== undefined) streamed.last = { requestId: rows.requestId, time: last.data.collector_timestamp };
  });
  const paging = (async () => {
    let from = plan.events.start;
    while (!stopped()) {
      const requestId = `app-info-bench-events-${summary.events.calls + 1}`;
      state.eventsRequestId = requestId;
      const asked = performance.now();
      try {
        const answer = await api.market.eventsStream({ start: from, end: plan.events.end, requestId });
        summary.events.calls++;
        summary.events.runningRows = 0;
        summary.events.items += answer.count;
        summary.events.slowestMs = Math.max(summary.events.slowestMs, performance.now() - asked);
        const last = streamed.last;
        if (answer.truncated) summary.events.truncated++;
        from = answer.truncated && last !== null && last.requestId === requestId && last.time < plan.events.end ? last.time + 1 : plan.events.start;
      } catch (error) {
        if (!stopped()) {
          summary.events.failures.push(messageOf(error));
          await delay(1000);
        }
      }
    }
  })();

  // The same cheap call on this socket, behind whatever else it carries.
  const pinging = sampleAppInfo(api, { everyMs: plan.pingEveryMs, stop: stopped });

  await Promise.race([replayOver, delay(plan.maxMs)]);
  state.stopping = true;
  summary.loadMs = since();
  post({ type: 'load-ended', loadMs: summary.loadMs });

  // Wind down: cancel what still runs, release the replay, and let the loops see it.
  await replayStarted;
  const cancels: Promise<unknown>[] = [];
  if (state.exportId !== null) cancels.push(api.export.cancel({ exportId: state.exportId }).catch(() => undefined));
  if (state.eventsRequestId !== null) cancels.push(api.market.cancel({ requestId: state.eventsRequestId }).catch(() => undefined));
  cancels.push(api.market.cancel({ requestId: tradesRequestId }).catch(() => undefined));
  if (state.replayId !== null) cancels.push(api.book.release({ replayId: state.replayId }).catch(() => undefined));
  await Promise.all(cancels);
  const pending = state.exportId;
  if (pending !== null) exportEnds.get(pending)?.({ exportId: pending, state: 'cancelled', path: null, rows: 0, bytes: 0, message: null });
  summary.sameSocket = await pinging;
  await Promise.race([Promise.all([exporting, paging, tradesRunning]), delay(10_000)]);
  for (const off of [...offs, ...counting]) off();
  client.close();
  post({ type: 'summary', summary });
}

main().catch((error: unknown) => post({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
