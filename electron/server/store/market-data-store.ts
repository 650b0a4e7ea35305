import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import type { SnapshotLine } from './capture-summary.ts';
import type { HourRecords } from './hour-records.ts';

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
  /** Snapshot key, `standard-{source}-{market}-{date}-{HH}` (canonical, whatever the file's name spells). */
  key: string;
  /**
   * Set when the hour is read from a whole-day file (`standard-{source}-{market}-{date}`): that
   * file's key and size. The hour is then the day file's lines whose replay clock lies in it.
   */
  dayFile?: { key: string; bytes: number };
}

/** One hourly snapshot file on disk (or one hour of a whole-day file, see `HourRef.dayFile`). */
export interface HourFile extends HourRef {
  path: string;
  /** The file's size; for an hour of a day file, its share of the day file's (a 24th). */
  bytes: number;
}

/** The file on disk behind an hour, as a listing or a download names it: the day file for an hour of one. */
export function storedFileOf(file: HourFile): { key: string; path: string; bytes: number } {
  return file.dayFile === undefined ? { key: file.key, path: file.path, bytes: file.bytes } : { key: file.dayFile.key, path: file.path, bytes: file.dayFile.bytes };
}

/** A decoded hour: its records in file (arrival) order, ready to page through. */
export interface DecodedHour {
  file: HourRef;
  /** Read by position; book rows are kept in columns (see `hour-records.ts`). */
  records: HourRecords;
  /** Latest collector time the file covers (the hour's end, or "now" for the live hour). */
  dataEnd: number;
  /**
   * A live hour only: rows a newer version of the file adds have a replay clock at or after this
   * (a little before `dataEnd`: collectors stamp some rows early). Absent when the file is final.
   */
  growsAfter?: number;
  /**
   * For one block of the file's lines (`readHourBlock`): the running max of collector time by file
   * `type` over the rows before the block, so replay clocks go on from there. Absent for a whole hour.
   */
  highestBefore?: Readonly<Record<string, number>>;
}

/** One block of a large hour file's lines, to be read on its own (`MarketDataStore.readHourBlock`). */
export interface HourBlock {
  /** Its position among the file's blocks, from 0. */
  index: number;
  /** Its first line (1-based). */
  fromLine: number;
  /** The line after its last (+∞ for the file's last block). */
  untilLine: number;
  /** Running max of collector time by file `type` over the rows before it. */
  highestBefore: Readonly<Record<string, number>>;
}

/** The blocks a large hour file is read in, and how many rows it has of each file `type`. */
export interface HourBlocks {
  blocks: readonly HourBlock[];
  lineCounts: ReadonlyMap<string, number>;
}

/**
 * Where a capture session is in force in an hour file: from `line` on, up to the next segment's
 * line. An hour's segments come in line order; the first also holds the lines before it.
 */
export interface CaptureSegment {
  /** 1-based line of the session's first data row in this file (the file's first, or a restart). */
  line: number;
  /** The session's id, served as `source_capture_id`: equal across the hours of one session. */
  sessionId: string;
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
  /**
   * The file of an hour, written first if the demo has not generated it yet. `neededUntil`: the
   * caller reads data up to this time only, so a live hour whose data already reaches it is not
   * rebuilt (a query's later pages read the hour its first page read).
   */
  file(hour: HourRef, neededUntil?: number): Promise<HourFile>;
  /** The file of an hour if it can be served as it is; null when the demo would first have to generate it. */
  readyFile(hour: HourRef): Promise<HourFile | null>;
  /**
   * The decoded records of an hour (cached). With `lineTypes` (file `type`s), records of at least
   * those types: the store may skip reading the others. `neededUntil` as for `file`.
   */
  readHour(hour: HourRef, lineTypes?: ReadonlySet<string>, neededUntil?: number): Promise<DecodedHour>;
  /**
   * The capture sessions in force in an hour's file (at least one segment): the session at its
   * first data row and at each restart line. The first segment's id equals the previous hour's
   * last one when the session continues across the hour boundary.
   */
  captureSegments(hour: HourRef, neededUntil?: number): Promise<readonly CaptureSegment[]>;
  /**
   * The book snapshot rows of an hour (line, running max of collector time), so `/l2-orderbooks`
   * can start at one without decoding the rows before it; null when unknown. Optional: a store
   * without it is read from the start of the hour before.
   */
  snapshotLines?(hour: HourRef): Promise<{ snapshots: readonly SnapshotLine[]; bookInstruments: boolean } | null>;
  /**
   * The records of `lineTypes` of an hour from 1-based `fromLine` on, decoded now and not kept (a
   * replay's first page); with `enough`, only up to the first record it accepts.
   */
  readHourFrom?(hour: HourRef, lineTypes: ReadonlySet<string>, fromLine: number, enough?: (record: SnapshotRecord) => boolean): Promise<readonly SnapshotRecord[]>;
  /**
   * The blocks of lines a large hour file may be read in, so a query that needs a few minutes of a
   * busy hour decodes a block, not the hour; null when the file is read whole (small or legacy).
   * Optional, with `readHourBlock`.
   */
  hourBlocks?(hour: HourRef, neededUntil?: number): Promise<HourBlocks | null>;
  /** The records of `lineTypes` in one block of an hour (cached like hours), with the block's `highestBefore`. */
  readHourBlock?(hour: HourRef, lineTypes: ReadonlySet<string>, block: HourBlock, neededUntil?: number): Promise<DecodedHour>;
  /**
   * A hint that these hours (oldest first) are about to be read: a store that builds files (the
   * demo) may start on some of them now, off the event loop, so they are ready when asked for.
   */
  prefetch?(hours: readonly HourRef[], neededUntil?: number): void;
}
