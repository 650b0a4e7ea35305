/** The pure order-book engine (issue F3): reconstruction, flat rows, frames, metrics, seek. */
export { BookEngine, type EngineCounters, type EngineState } from './book-engine.ts';
export type { BookEvent, BookReset } from './book-event.ts';
export { BookDataError, checkBookEvent, type BookDataErrorKind, type BookDataOrigin } from './book-data-error.ts';
export { bookKeyId, type BookKey } from './book-key.ts';
export { BookSide, type SideLevels, type SideName } from './book-side.ts';
export { bookCrossing, type BookCrossing, type BookHealth } from './book-health.ts';
export { OrderBook, type OrderBookState } from './order-book.ts';
export { bookMetrics, metricCount, metricFields, writeBookMetrics, type BookMetrics, type MetricsOptions } from './book-metrics.ts';
export { FrameRecorder, frameBytes, frameFlags, frameViews, type FrameChunk, type FrameRecorderOptions, type FrameViews } from './book-frames.ts';
export { BookTimeline, type CheckpointStats, type TimelineOptions } from './book-timeline.ts';
export { bookEventFromBookRow, bookEventFromL2Row } from './l2-row-events.ts';
export { l2BookFields, l2RowFromBook } from './book-row.ts';
export * from '../rows/l2-row.ts';
