import { z } from 'zod';
import { dataSourceKinds, settingsPatchSchema, settingsSchema } from '../settings.ts';
import {
  bookCrossCheckDifferencesSchema,
  bookCrossCheckEndedSchema,
  bookCrossCheckInput,
  bookFramesSchema,
  bookHealthSchema,
  bookReplayEndedSchema,
  bookReplayFilesInput,
  bookReplayMarketInput,
  bookReplayReadFromSchema,
} from './book-replay-schemas.ts';
import {
  bookMarksSchema,
  bookLatencyInput,
  bookLatencySchema,
  bookSampledInput,
  bookTileSchema,
  bookTracksSchema,
  bookTradesInput,
  bookTradesSchema,
  bookTilesInput,
  bookWindowInput,
  bookWindowSchema,
} from './book-session-schemas.ts';
import { fileGrantsSchema, filePathsInput } from './file-schemas.ts';
import { stateNoticesSchema } from './state-notices.ts';
import {
  fileLocateInput,
  fileLocatedSchema,
  fileRowDetailInput,
  fileRowDetailSchema,
  fileRowsInput,
  fileRowsSchema,
  fileViewCloseInput,
  fileViewOpenInput,
  fileViewOpenedSchema,
  fileViewProgressSchema,
} from './file-view-schemas.ts';
import {
  candleColumnsSchema,
  candleIntervalsSchema,
  candlesInput,
  countSchema,
  eventItemsSchema,
  eventRowsSchema,
  eventsInput,
  eventsStreamSchema,
  fundingColumnsSchema,
  instrumentsInput,
  instrumentsSchema,
  intentRowsSchema,
  intervalsInput,
  marketProgressSchema,
  optionChainInput,
  optionChainSchema,
  quoteRowsSchema,
  rangedRowsInput,
  requestIdSchema,
  tradeColumnsSchema,
} from './market-schemas.ts';
import {
  availabilityInput,
  availabilitySchema,
  downloadKeysInput,
  downloadQueueSchema,
  downloadRequestInput,
  exportEndedSchema,
  exportInput,
  exportProgressSchema,
  libraryIndexSchema,
  libraryKeysInput,
  manifestInput,
  manifestSummarySchema,
} from './library-schemas.ts';
import { catalogMarketsSchema, keyStatusSchema, setKeyInput, usageSchema } from './service-schemas.ts';
import * as research from './research-schemas.ts';

/** Which process hosts the main-side services. */
export const appModes = ['electron', 'browser'] as const;

/** Facts about the running app, for the About panel and the status bar. */
export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  mode: z.enum(appModes),
  platform: z.string(),
  electronVersion: z.string().nullable(),
  nodeVersion: z.string(),
  userDataDir: z.string(),
});

/** Facts about the running app. */
export type AppInfo = z.infer<typeof appInfoSchema>;

/** What the local library data source serves: its folder and the files its last scan found. */
export const libraryHealthSchema = z.object({
  /** `libraryRoot` as the settings hold it when measured (null: the default folder). */
  setting: z.string().nullable(),
  /** The folder read. */
  root: z.string(),
  exists: z.boolean(),
  files: z.number().int().nonnegative(),
  datasets: z.number().int().nonnegative(),
  bytes: z.number().nonnegative(),
});

/** What the local library data source serves. */
export type LibraryHealth = z.infer<typeof libraryHealthSchema>;

/** Health of the active data source as last measured from the main process. */
export const healthSchema = z.object({
  dataSource: z.enum(dataSourceKinds),
  baseUrl: z.string().nullable(),
  status: z.enum(['ok', 'degraded', 'down', 'starting']),
  simulated: z.boolean(),
  latencyMs: z.number().nonnegative().nullable(),
  checkedAt: z.number().int(),
  message: z.string(),
  /** With the local library active: its folder (as set, and resolved) and what its last scan found. */
  library: libraryHealthSchema.nullable().optional(),
});

/** Health of the active data source. */
export type Health = z.infer<typeof healthSchema>;

/** Progress of a long task (decode, download, replay), pushed as it runs. */
export const taskProgressSchema = z.object({
  taskId: z.string(),
  label: z.string(),
  done: z.number().nonnegative(),
  total: z.number().nonnegative().nullable(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
});

/** Progress of a long task. */
export type TaskProgress = z.infer<typeof taskProgressSchema>;

const noInput = z.undefined();

/**
 * Every request/response channel between renderer and main. The name is `namespace.method`;
 * the preload and the WebSocket client both build `api.namespace.method()` from it.
 */
export const requestChannels = {
  'app.info': { input: noInput, output: appInfoSchema },
  /** State files that could not be read at start and were kept aside, and what that means. */
  'app.notices': { input: noInput, output: stateNoticesSchema },
  'settings.get': { input: noInput, output: settingsSchema },
  'settings.update': { input: settingsPatchSchema, output: settingsSchema },
  'health.check': { input: noInput, output: healthSchema },
  'catalog.markets': { input: noInput, output: catalogMarketsSchema },
  'keys.status': { input: noInput, output: keyStatusSchema },
  'keys.set': { input: setKeyInput, output: keyStatusSchema },
  'keys.delete': { input: noInput, output: keyStatusSchema },
  'usage.get': { input: noInput, output: usageSchema },
  /** `/count` totals of the active source. */
  'market.count': { input: noInput, output: countSchema },
  /** The canonical candle intervals a market publishes (an empty list: build candles from trades). */
  'market.intervals': { input: intervalsInput, output: candleIntervalsSchema },
  /** Candles of one interval over a range, revisions folded, as columns. */
  'market.candles': { input: candlesInput, output: candleColumnsSchema },
  /** Trades over a range, as columns. */
  'market.trades': { input: rangedRowsInput, output: tradeColumnsSchema },
  /** Funding, predicted funding, premium, mark, index and open interest over a range, as columns. */
  'market.funding': { input: rangedRowsInput, output: fundingColumnsSchema },
  /** Option contracts of an underlying (`/catalog/instruments`). */
  'market.instruments': { input: instrumentsInput, output: instrumentsSchema },
  /** The latest ticker of each option contract of an underlying in a range. */
  'market.optionChain': { input: optionChainInput, output: optionChainSchema },
  /** Intent observations over a range. */
  'market.intents': { input: rangedRowsInput, output: intentRowsSchema },
  /** DEX quote points over a range. */
  'market.quotes': { input: rangedRowsInput, output: quoteRowsSchema },
  /** The mixed event stream over a range (needs an API key). */
  'market.events': { input: eventsInput, output: eventItemsSchema },
  /** The mixed stream, page by page as `market.eventRows` events (up to the cap), answered when it ends. */
  'market.eventsStream': { input: eventsInput, output: eventsStreamSchema },
  /** Stops a load started with this `requestId`; its call then fails as `cancelled`. */
  'market.cancel': { input: z.object({ requestId: requestIdSchema }), output: z.object({ cancelled: z.boolean() }) },
  'book.replayFiles': { input: bookReplayFilesInput, output: z.object({ replayId: z.string() }) },
  /** A market's books over a range from the active service (its `/l2-orderbooks`, or `/l2-updates` rebuilt here); events as `book.replayFiles`. */
  'book.replayMarket': { input: bookReplayMarketInput, output: z.object({ replayId: z.string(), readFrom: bookReplayReadFromSchema }) },
  /**
   * The service's books against a local reconstruction of the same range, side by side: both
   * replays push their frames under their own ids; differences and the summary follow under `checkId`.
   */
  'book.crossCheck': { input: bookCrossCheckInput, output: z.object({ checkId: z.string(), serverReplayId: z.string(), localReplayId: z.string() }) },
  /** Stops a replay, or a cross-check (by `checkId`) with both its replays. */
  'book.cancel': { input: z.object({ replayId: z.string() }), output: z.object({ cancelled: z.boolean() }) },
  /** One frame per event around a time (or from an entry) of a replay's book, rebuilt in main from its nearest checkpoint. */
  'book.window': { input: bookWindowInput, output: bookWindowSchema },
  /** The book at the end of each slot of a time range, for playback faster than one frame per event. */
  'book.sampled': { input: bookSampledInput, output: bookWindowSchema },
  /** The latency lane of a replay book: collector − exchange time per column of a span. */
  'book.latency': { input: bookLatencyInput, output: bookLatencySchema },
  /** Liquidity heatmap tiles of a replay's book (built while it reads; finer levels rebuilt on demand). */
  'book.tiles': { input: bookTilesInput, output: z.object({ tiles: z.array(bookTileSchema) }) },
  /** The trades a file replay read beside a book. */
  'book.trades': { input: bookTradesInput, output: bookTradesSchema },
  /** Frees a replay's books in main (stopping it if it still reads); later queries fail as `not-found`. */
  'book.release': { input: z.object({ replayId: z.string() }), output: z.object({ released: z.boolean() }) },
  /** The host's native open dialog (several `.jsonl.zst` files); unavailable in browser mode. */
  'files.pick': { input: noInput, output: fileGrantsSchema },
  /** Typed full paths: browser mode only, where the user runs the server on their own machine. */
  'files.grantPath': { input: filePathsInput, output: fileGrantsSchema },
  /** Files dropped on the window: reachable only through the preload, which reads their paths. */
  'files.grantDropped': { input: filePathsInput, output: fileGrantsSchema },
  /** Opens a granted file in the viewer: its decode starts, `files.viewProgress` follows. */
  'files.openView': { input: fileViewOpenInput, output: fileViewOpenedSchema },
  /** A window of an open file's rows matching a type filter and a text search (run in main). */
  'files.rows': { input: fileRowsInput, output: fileRowsSchema },
  /** The first matching row at or after a collector time. */
  'files.locate': { input: fileLocateInput, output: fileLocatedSchema },
  /** One record's raw line, as it is in the file. */
  'files.rowDetail': { input: fileRowDetailInput, output: fileRowDetailSchema },
  /** Closes a file view and frees its memory. */
  'files.closeView': { input: fileViewCloseInput, output: z.object({ closed: z.boolean() }) },
  /** Starts the viewer's worker ahead of need (the Files view calls it when shown), so the first file opens without waiting for it. */
  'files.warmViewer': { input: noInput, output: z.object({ warmed: z.boolean() }) },
  /** Which UTC hours of a range have snapshot files (`/snapshots`), marked local or needing a key. */
  'library.availability': { input: availabilityInput, output: availabilitySchema },
  /** A day's manifest (`/download`): count and size; a refusal (401/402/403/404) is a typed error. */
  'library.manifest': { input: manifestInput, output: manifestSummarySchema },
  /** What is in the library: datasets, files, sizes, record counts, free disk. */
  'library.index': { input: noInput, output: libraryIndexSchema },
  /** Deletes library files. */
  'library.delete': { input: libraryKeysInput, output: libraryIndexSchema },
  /** Grants library files to the viewer and the replay. */
  'library.open': { input: libraryKeysInput, output: fileGrantsSchema },
  /** Queues hours (by key) and whole days; a key already queued or local is not queued twice. */
  'downloads.enqueue': { input: downloadRequestInput, output: downloadQueueSchema },
  'downloads.queue': { input: noInput, output: downloadQueueSchema },
  /** Pauses items (or the whole queue): transfers stop and keep their `.part` bytes. */
  'downloads.pause': { input: downloadKeysInput, output: downloadQueueSchema },
  'downloads.resume': { input: downloadKeysInput, output: downloadQueueSchema },
  /** Cancels items (or all unfinished ones): their partial files are removed. */
  'downloads.cancel': { input: downloadKeysInput, output: downloadQueueSchema },
  /** Removes finished, failed and cancelled items from the list (files stay in the library). */
  'downloads.clearFinished': { input: noInput, output: downloadQueueSchema },
  /** Starts an export; `export.progress` and `export.ended` follow. */
  'export.start': { input: exportInput, output: z.object({ exportId: z.string() }) },
  'export.cancel': { input: z.object({ exportId: z.string() }), output: z.object({ cancelled: z.boolean() }) },
  /** Order-flow research (F13), computed in main's research worker; each load is cancellable by `requestId` (`research.progress` follows it). */
  'research.markouts': { input: research.researchMarkoutsInput, output: research.researchMarkoutsSchema },
  'research.depth': { input: research.researchDepthInput, output: research.researchDepthSchema },
  'research.latency': { input: research.researchLatencyInput, output: research.researchLatencySchema },
  'research.activity': { input: research.researchActivityInput, output: research.researchActivitySchema },
  'research.venues': { input: research.researchVenuesInput, output: research.researchVenuesSchema },
  'research.cancel': { input: z.object({ requestId: requestIdSchema }), output: z.object({ cancelled: z.boolean() }) },
  /** Writes one table of a result as CSV or Parquet under the library's `exports/` (atomic landing). */
  'research.export': { input: research.researchExportInput, output: research.researchExportedSchema },
} as const;

/** Every push-event channel from main to renderer, with its payload schema. */
export const eventChannels = {
  'health.changed': healthSchema,
  'settings.changed': settingsSchema,
  'usage.changed': usageSchema,
  'task.progress': taskProgressSchema,
  'market.progress': marketProgressSchema,
  'market.eventRows': eventRowsSchema,
  'book.frames': bookFramesSchema,
  'book.health': bookHealthSchema,
  /** What a replay's books hold as it reads (throttled), and once more at its end. */
  'book.tracks': bookTracksSchema,
  /** Crossed and locked runs and backward steps of collector time, found as a replay reads. */
  'book.marks': bookMarksSchema,
  'book.replayEnded': bookReplayEndedSchema,
  'book.crossCheckDifferences': bookCrossCheckDifferencesSchema,
  'book.crossCheckEnded': bookCrossCheckEndedSchema,
  'files.viewProgress': fileViewProgressSchema,
  /** The download queue after a change (throttled while bytes flow). */
  'downloads.changed': downloadQueueSchema,
  /** The library after a download landed or a file was deleted. */
  'library.changed': libraryIndexSchema,
  'export.progress': exportProgressSchema,
  'export.ended': exportEndedSchema,
  'research.progress': research.researchProgressSchema,
} as const;
