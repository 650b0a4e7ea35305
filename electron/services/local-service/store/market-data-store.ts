import type { DatasetDescriptor } from '../../../../shared/dataset-descriptor.ts';
import type { InstrumentEntry } from '../../../../shared/rows/catalog.ts';
import type { SnapshotRecord } from '../../../../shared/snapshot/records.ts';

/** One dataset hour that has (or, for the demo, will have) a snapshot file. */
export interface HourRef {
  source: string;
  market: string;
  /** YYYY-MM-DD, UTC. */
  date: string;
  /** 0 to 23, UTC. */
  hour: number;
  /** Start of the hour, Unix ms. */
  hourStart: number;
  /** Snapshot key, `standard-{source}-{market}-{date}-{HH}`. */
  key: string;
}

/** One hourly snapshot file on disk. */
export interface HourFile extends HourRef {
  path: string;
  bytes: number;
}

/** A decoded hour: its records in collector-time order (stable by line), ready to page through. */
export interface DecodedHour {
  file: HourRef;
  records: readonly SnapshotRecord[];
  /** Latest collector time the file covers (the hour's end, or "now" for the live hour). */
  dataEnd: number;
}

/** What the local service reads its data from: the demo simulator or a folder of real files. */
export interface MarketDataStore {
  /** Every dataset, in catalog order. */
  datasets(): readonly DatasetDescriptor[];
  /** Data coverage of a dataset in Unix ms, or null when it has no files. */
  coverage(source: string, market: string): Promise<{ start: number; end: number } | null>;
  /** Option contracts of an underlying. */
  instruments(source: string, market: string): Promise<readonly InstrumentEntry[]>;
  /** Hours of a dataset with data overlapping [from, to), oldest first (cheap: nothing is read). */
  hours(source: string, market: string, from: number, to: number): Promise<readonly HourRef[]>;
  /** The hour behind a snapshot key, or null. */
  hourByKey(key: string): Promise<HourRef | null>;
  /** The file of an hour, written first if the demo has not generated it yet. */
  file(hour: HourRef): Promise<HourFile>;
  /** The file of an hour if it can be served as it is; null when the demo would first have to generate it. */
  readyFile(hour: HourRef): Promise<HourFile | null>;
  /**
   * The decoded records of an hour (cached). With `lineTypes` (file `type`s), records of at least
   * those types: the store may skip reading the others.
   */
  readHour(hour: HourRef, lineTypes?: ReadonlySet<string>): Promise<DecodedHour>;
  /**
   * A hint that these hours (oldest first) are about to be read: a store that builds files (the
   * demo) may start on some of them now, off the event loop, so they are ready when asked for.
   */
  prefetch?(hours: readonly HourRef[]): void;
}
