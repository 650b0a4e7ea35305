import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BookEngine, type EngineState } from '../../../shared/book/book-engine.ts';
import { l2RowJson } from '../../../shared/book/book-row-json.ts';
import { BookRowTextWriter } from '../../../shared/book/book-row-text.ts';
import { replayClock } from '../../../shared/book/capture-stream.ts';
import { rowBase } from '../../../shared/rows/from-records/row-context.ts';
import type { OrderbookRecord, SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { resolveWindow } from '../access-policy.ts';
import { QueryReader } from '../query-params.ts';
import { CaptureContexts } from '../rows/capture-contexts.ts';
import { hourSlackMs } from '../rows/row-pager.ts';
import { snapshotBefore } from './replay-start.ts';
import type { ServiceContext } from '../service-context.ts';
import { badRequest, ServiceHttpError, unavailable } from '../service-error.ts';
import { ByteBudgetCache } from '../store/byte-budget-cache.ts';
import { collectGarbage } from '../store/garbage-collection.ts';
import type { RecordList } from '../store/hour-records.ts';
import type { DecodedHour, HourRef, MarketDataStore } from '../store/market-data-store.ts';
import { hourMs, hourStartOf } from '../../../shared/time/time-units.ts';
import { hasFields } from '../../../shared/guards/object-fields.ts';


/** Where a page of books ended: the hour and the file line of the last producing event. */
interface ReplayPosition {
  h: number;
  s: number;
}

/** Whether a cursor's position is a replay position. */
function isReplayPosition(value: unknown): value is ReplayPosition {
  return hasFields(value) && typeof value['h'] === 'number' && typeof value['s'] === 'number';
}

const bookRecordCache = new WeakMap<DecodedHour, RecordList<OrderbookRecord>>();

/**
 * Where a page stopped, kept so the next page resumes there instead of replaying again from the
 * preceding snapshot: the engine's books, the next record to apply, the stream's clock and session
 * there, and the first row of the next page (its event was already applied when the page filled up).
 */
interface ResumePoint {
  engine: EngineState;
  hourStart: number;
  /** File line of the last record applied (the pending row's): the replay goes on after it. */
  appliedLine: number;
  /** Running max of collector time in that hour's file so far. */
  highest: number;
  /** The capture session of the last event applied. */
  session: string | null;
  /** The JSON text of that first row. */
  pending: string;
}

/** The estimated memory of a resume point: its books' levels, its pending row's text and their objects. */
function resumePointBytes(point: ResumePoint): number {
  let bytes = 512 + 2 * point.pending.length;
  for (const book of point.engine.books) bytes += 256 + book.bids.byteLength + book.asks.byteLength;
  return bytes;
}

/**
 * Resume points by the cursor that leads to them, bounded by bytes and dropped after a minute
 * unused (a miss just replays), then collected. One cache for the process: a cursor is unguessable.
 */
const resumePoints = new ByteBudgetCache<string, ResumePoint>({ maxBytes: 16 * 1024 * 1024, idleMs: 60_000, sizeOf: resumePointBytes, onIdle: () => void collectGarbage() });

/** Replay reads only the book lines of a file. */
const bookLines: ReadonlySet<string> = new Set(['orderbook']);

/** The order-book records of an hour in file (arrival) order: the order `/l2-updates` serves them in too. */
function bookRecords(hour: DecodedHour): RecordList<OrderbookRecord> {
  let records = bookRecordCache.get(hour);
  if (records === undefined) {
    const all = hour.records;
    const positions: number[] = [];
    for (let index = 0; index < all.length; index++) if (all.typeAt(index) === 'orderbook') positions.push(index);
    records = {
      length: positions.length,
      at: (index) => {
        const record = all.at(positions[index] ?? -1);
        return record?.type === 'orderbook' ? record : undefined;
      },
    };
    bookRecordCache.set(hour, records);
  }
  return records;
}

/** The first record after file line `line` (records are in line order). */
function firstAfterLine(records: RecordList<OrderbookRecord>, line: number): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((records.at(mid)?.line ?? Number.POSITIVE_INFINITY) <= line) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Where a first page's replay begins: an hour, its book records (from its snapshot on, or all of
 * them with the snapshot's index), and the running max of collector time before the snapshot.
 * `partial` records stop once the page has enough: the rest of the hour is read when they run out.
 */
interface ReplayBegin {
  hourStart: number;
  records: RecordList<OrderbookRecord>;
  firstIndex: number;
  highestBefore: number;
  partial: boolean;
}

/** What a first page needs read: its range, book, and how many rows it serves (plus the one it holds back). */
interface PageNeed {
  start: number;
  end: number;
  scanUntil: number;
  instrument: string | undefined;
  rows: number;
}

/** A stop rule for reading an hour, and whether it stopped the read (else the read reached the file's end). */
interface PageReadRule {
  enough: (record: SnapshotRecord) => boolean;
  stopped: () => boolean;
}

/**
 * A stop rule for reading an hour for a first page: enough once the page's rows (with some spare
 * for rows that make no book) have been read, or the replay clock passes the scan's end.
 */
function enoughFor(hourStart: number, need: PageNeed, highestBefore: number): PageReadRule {
  let highest = highestBefore;
  let inRange = 0;
  let stopped = false;
  const wanted = need.rows + 64;
  const enough = (record: SnapshotRecord): boolean => {
    if (record.type !== 'orderbook') return false;
    if (record.collectorTimestamp > highest) highest = record.collectorTimestamp;
    if ((need.instrument === undefined || record.instrument === need.instrument) && record.collectorTimestamp >= need.start && record.collectorTimestamp <= need.end) inRange++;
    stopped = replayClock(hourStart, highest) > need.scanUntil || inRange >= wanted;
    return stopped;
  };
  return { enough, stopped: () => stopped };
}

/**
 * An hour's book records from `fromLine` on, read only as far as `rule` wants; `partial` when it
 * stopped before the file's end. Records before `fromLine` are dropped here whatever the store
 * hands back: the replay applies the first record as the one after its last, so an earlier line
 * would page back (a legacy file once came back from its first line).
 */
async function readBookRecords(store: MarketDataStore, ref: HourRef, fromLine: number, rule: PageReadRule): Promise<{ records: OrderbookRecord[]; partial: boolean } | null> {
  if (store.readHourFrom === undefined) return null;
  const read = await store.readHourFrom(ref, bookLines, fromLine, (record) => record.line >= fromLine && rule.enough(record));
  return { records: read.filter((record): record is OrderbookRecord => record.type === 'orderbook' && record.line >= fromLine), partial: rule.stopped() };
}

/**
 * The last snapshot before the page's start in its hour or the hour before, and the records to
 * replay from it: read from that row on, only as far as the page needs, when the store indexes its
 * snapshot rows (one book per file), else found in the hour's decoded records. Null when neither
 * hour has one (the replay then starts at the hour before, as the files allow).
 */
async function replayBegin(context: ServiceContext, hours: readonly HourRef[], need: PageNeed): Promise<ReplayBegin | null> {
  const store = context.store;
  const start = need.start;
  for (const ref of [...hours].reverse()) {
    if (ref.hourStart > start) continue;
    if (ref.hourStart < hourStartOf(start) - hourMs) return null;
    const indexed = store.readHourFrom === undefined ? null : ((await store.snapshotLines?.(ref)) ?? null);
    if (indexed !== null && !indexed.bookInstruments && store.readHourFrom !== undefined) {
      const hourEnd = ref.hourStart + hourMs - 1;
      const at = indexed.snapshots.findLast((snapshot) => Math.min(hourEnd, Math.max(ref.hourStart, snapshot.clock)) < start);
      if (at !== undefined) {
        const read = await readBookRecords(store, ref, at.line, enoughFor(ref.hourStart, need, at.highestBefore));
        if (read !== null) return { hourStart: ref.hourStart, records: read.records, firstIndex: 0, highestBefore: at.highestBefore, partial: read.partial };
      }
      continue;
    }
    const records = bookRecords(await store.readHour(ref, bookLines));
    const at = snapshotBefore(ref.hourStart, records, start, need.instrument);
    if (at !== null) return { hourStart: ref.hourStart, records, firstIndex: at.index, highestBefore: at.highestBefore, partial: false };
  }
  return null;
}

function tooExpensive(what: string): ServiceHttpError {
  return new ServiceHttpError(422, 'replay_limit_exceeded', `The replay exceeds its limit: ${what}`, 'Narrow the time range (split it and request each part).');
}

/**
 * `/l2-orderbooks` (spec 4.12): replays the stream's stored source events in arrival order from a
 * preceding snapshot through the book engine and returns one sorted top-25 book after each L2 event
 * whose collector time is in the range, in the order `/l2-updates` serves those events. Deltas
 * before any snapshot produce no book; a missing hour (coverage gap) and a new capture session
 * (the event's `source_capture_id` differs from the previous one's) clear the books.
 */
export function registerL2OrderbooksRoute(app: FastifyInstance, context: ServiceContext): void {
  const replayPage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const reader = new QueryReader(request.query);
    const source = reader.requiredString('source');
    const market = reader.requiredString('market');
    const instrument = reader.string('instrument');
    const start = reader.integer('start');
    const end = reader.integer('end');
    if (start === undefined || end === undefined) throw badRequest('/l2-orderbooks needs both "start" and "end"', 'Send start and end as Unix milliseconds.');
    const limit = reader.limit('reject');
    const range = resolveWindow('latest-hour', start, end, context.principalOf(request), context.now());
    if (context.faults.storage) throw unavailable('Snapshot storage');
    const binding = reader.bindingKey('/l2-orderbooks');
    const cursor = reader.string('cursor');
    const after = cursor === undefined ? undefined : context.cursors.decode(binding, cursor, isReplayPosition);

    // Replay from the hour before the range (or, on a continuation, before the cursor's hour), so
    // the book in force comes from a preceding snapshot even when its own hour has not had one
    // yet, and a page's work does not grow with how far into the range it is.
    const replayFrom = after === undefined ? range.start : Math.max(range.start, after.h);
    const hours = await context.store.hours(source, market, replayFrom - hourMs, range.end + hourSlackMs);
    const limits = context.replayLimits;
    const started = performance.now();
    const engine = new BookEngine();
    // Keeps each book's level texts between rows: an event re-formats only the slots it changed.
    const levels = new BookRowTextWriter();
    // Rows are written as JSON text straight from the books: pages of a thousand 108-field rows
    // serialize several times faster than objects through JSON.stringify.
    const items: string[] = [];
    const page = (hasMore: boolean, nextCursor: string | null): string =>
      `{"items":[${items.join(',')}],"has_more":${hasMore},"next_cursor":${nextCursor === null ? 'null' : JSON.stringify(nextCursor)}}`;
    const resume = cursor === undefined ? undefined : resumePoints.get(cursor);
    if (resume !== undefined) {
      resumePoints.delete(cursor ?? '');
      engine.restoreState(resume.engine);
      items.push(resume.pending);
    }
    // A first page starts at the last snapshot before the range (in its hour, or the hour
    // before): nothing earlier changes a book after a snapshot. Where the store knows its
    // snapshot rows, only the rows from that one on are decoded, so a busy hour's first page costs
    // minutes of events, not two hours of them.
    const scanUntil = range.end + hourSlackMs;
    const need: PageNeed = { start: range.start, end: range.end, scanUntil, instrument, rows: limit + 1 };
    const firstPage = resume === undefined && after === undefined;
    const begin = firstPage ? await replayBegin(context, hours, need) : null;
    let captures = 0;
    let storageBytes = 0;
    let previous: HourRef | undefined;
    let session: string | null = resume?.session ?? null;
    let last: ReplayPosition | null = resume === undefined || after === undefined ? null : after;
    for (const ref of hours) {
      if (resume !== undefined && ref.hourStart < resume.hourStart) continue;
      if (begin !== null && ref.hourStart < begin.hourStart) continue;
      if (previous !== undefined && ref.hourStart - previous.hourStart > hourMs) {
        engine.reset();
        session = null;
      }
      previous = ref;
      storageBytes += (await context.store.file(ref)).bytes;
      if (storageBytes > limits.maxStorageBytes) throw tooExpensive(`more than ${limits.maxStorageBytes} bytes of storage reads`);
      const begins = begin !== null && ref.hourStart === begin.hourStart ? begin : null;
      const resumesHere = resume !== undefined && ref.hourStart === resume.hourStart;
      // A first or resumed page's hours are read only as far as the page needs (a resumed one from
      // the line after the last event applied): the rest is read, as far again, if it runs out.
      const readOn = (fromLine: number, highestBefore: number): Promise<{ records: OrderbookRecord[]; partial: boolean } | null> =>
        readBookRecords(context.store, ref, fromLine, enoughFor(ref.hourStart, { ...need, rows: limit + 1 - items.length }, highestBefore));
      const readsPartly = firstPage || resume !== undefined;
      const read = begins ?? (resumesHere ? await readOn(resume.appliedLine + 1, resume.highest) : readsPartly ? await readOn(1, Number.NEGATIVE_INFINITY) : null);
      let records: RecordList<OrderbookRecord> = read?.records ?? bookRecords(await context.store.readHour(ref, bookLines));
      let partial = read?.partial ?? false;
      const contexts = new CaptureContexts(ref.key, await context.store.captureSegments(ref));
      let index = resumesHere ? firstAfterLine(records, resume.appliedLine) : (begins?.firstIndex ?? 0);
      let highest = resumesHere ? resume.highest : (begins?.highestBefore ?? Number.NEGATIVE_INFINITY);
      if (resumesHere) last = { h: ref.hourStart, s: resume.appliedLine };
      // Books are served from the hours /l2-updates reads for the range (those within its slack).
      const serves = ref.hourStart + hourMs > range.start - hourSlackMs;
      // The file line of the last record applied (a partial read restarts after it).
      let appliedLine = (records.at(index)?.line ?? 1) - 1;
      let scanned = false;
      for (;;) {
        for (; index < records.length; index++) {
          const record = records.at(index);
          if (record === undefined) continue;
          if (record.collectorTimestamp > highest) highest = record.collectorTimestamp;
          if (replayClock(ref.hourStart, highest) > scanUntil) {
            scanned = true;
            break;
          }
          appliedLine = record.line;
          if (instrument !== undefined && record.instrument !== instrument) continue;
          const rowContext = contexts.at(record.line);
          if (rowContext.sourceCaptureId !== session) {
            // A new capture session: every book of the market starts again at its next snapshot.
            if (session !== null) engine.reset();
            session = rowContext.sourceCaptureId;
          }
          captures++;
          if (captures > limits.maxCaptures) throw tooExpensive(`more than ${limits.maxCaptures} raw captures`);
          const book = engine.apply(record);
          if (book === null || !serves || record.collectorTimestamp < range.start || record.collectorTimestamp > range.end) continue;
          if (resume === undefined && after !== undefined && (ref.hourStart < after.h || (ref.hourStart === after.h && record.line <= after.s))) continue;
          const row = l2RowJson(rowBase(rowContext, record), book, record.isSnapshot, levels);
          if (items.length === limit) {
            const nextCursor = last === null ? null : context.cursors.encode(binding, last);
            if (nextCursor !== null) resumePoints.set(nextCursor, { engine: engine.saveState(), hourStart: ref.hourStart, appliedLine: record.line, highest, session, pending: row });
            return reply.type('application/json; charset=utf-8').send(page(true, nextCursor));
          }
          items.push(row);
          last = { h: ref.hourStart, s: record.line };
        }
        if (scanned || !partial) break;
        const more = await readOn(appliedLine + 1, highest);
        records = more?.records ?? bookRecords(await context.store.readHour(ref, bookLines));
        index = more === null ? firstAfterLine(records, appliedLine) : 0;
        partial = more?.partial ?? false;
      }
      if (performance.now() - started > limits.maxMilliseconds) throw tooExpensive(`more than ${limits.maxMilliseconds / 1000} s of replay`);
      if (scanned) break;
    }
    return reply.type('application/json; charset=utf-8').send(page(false, null));
  };
  // A replay takes one of the service's read slots, as row pages do.
  app.get('/l2-orderbooks', (request, reply) => context.reads.run(() => replayPage(request, reply)));
}
