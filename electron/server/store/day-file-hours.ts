import { openRegularFile } from '../../base/regular-file.ts';
import { fileChunks } from './file-chunks.ts';
import { FastV2LineParser } from '../../codec/records/fast-v2-line.ts';
import { LineSplitter } from '../../codec/line-splitter.ts';
import { defaultZstdDecompressor } from '../../codec/zstd/zstd-decompressor.ts';
import { captureSummaryBytes, CaptureSummaryReader, integerAfter, parsed, timeOf, timestampKey, type BlockPlan, type CaptureSummary } from './capture-summary.ts';
import { hourMs } from '../../../shared/time/time-units.ts';

const hoursPerDay = 24;

/** Lines `[from, until)` of a file (1-based; `until` may be +∞). Empty when `from >= until`. */
export interface LineWindow {
  from: number;
  until: number;
}

/**
 * A whole-day file read as its 24 hours. Hour `h` is the run of lines whose replay clock (the
 * running max of collector time over the data rows so far, held within the day) lies in hour `h`:
 * rows stay in arrival order, each in exactly one hour, so the hours one after another are the
 * file. A row stamped before its hour's start that arrived after a later row stays with the later
 * row's hour, as it would in an hour file.
 */
export interface DayFileHours {
  /** Each hour's lines; an hour no row reached is empty. */
  windows: readonly LineWindow[];
  /** Each hour's capture summary, as an hour file of those lines would have. */
  summaries: readonly CaptureSummary[];
}

/** Bytes a day's hours take in memory, for the summary cache's budget. */
export function dayFileHoursBytes(hours: DayFileHours | null): number {
  return hours === null ? 64 : 256 + hours.summaries.reduce((sum, summary) => sum + captureSummaryBytes(summary), 0);
}

/** Cuts a day file's lines into hours as they come, summarizing each hour as a file of its own. */
class DayHourSplitter {
  readonly #dayStart: number;
  readonly #plan: BlockPlan;
  readonly #envelope = new FastV2LineParser();
  #format: 'v2' | 'legacy' | null = null;
  #clock = Number.NEGATIVE_INFINITY;
  #hour = 0;
  readonly #starts: number[] = [1];
  readonly #readers: CaptureSummaryReader[];

  constructor(dayStart: number, plan: BlockPlan) {
    this.#dayStart = dayStart;
    this.#plan = plan;
    this.#readers = [new CaptureSummaryReader(plan)];
  }

  line(bytes: Buffer, start: number, end: number, line: number): void {
    if (this.#format === null) {
      // The first line tells the format; in a legacy file it is a data row too.
      this.#format = parsed(bytes, start, end)?.type === 'metadata' ? 'v2' : 'legacy';
    }
    const time = this.#timeOf(bytes, start, end);
    if (Number.isFinite(time) && time > this.#clock) {
      this.#clock = time;
      const hour = Math.min(hoursPerDay - 1, Math.max(0, Math.floor((time - this.#dayStart) / hourMs)));
      while (this.#hour < hour) {
        this.#hour++;
        this.#starts.push(line);
        this.#readers.push(new CaptureSummaryReader(this.#plan, { line, format: this.#format }));
      }
    }
    this.#readers[this.#hour]?.line(bytes, start, end, line);
  }

  /** A data row's collector time (a legacy row's `timestamp`); NaN for framing and lines it cannot read. */
  #timeOf(bytes: Buffer, start: number, end: number): number {
    if (this.#format === 'legacy') return timeOf(parsed(bytes, start, end));
    const type = this.#envelope.lineType(bytes, start, end);
    if (type === 'metadata') return Number.NaN;
    if (type !== null && Number.isFinite(this.#envelope.envelopeTime)) return this.#envelope.envelopeTime;
    const row = parsed(bytes, start, end);
    if (row === null || row.type === 'metadata') return Number.NaN;
    return integerAfter(bytes, timestampKey, start, end) ?? timeOf(row);
  }

  result(): DayFileHours {
    const windows: LineWindow[] = [];
    const summaries: CaptureSummary[] = [];
    for (let hour = 0; hour < hoursPerDay; hour++) {
      const reader = this.#readers[hour];
      const from = this.#starts[hour] ?? Number.POSITIVE_INFINITY;
      windows.push({ from, until: this.#starts[hour + 1] ?? Number.POSITIVE_INFINITY });
      summaries.push((reader ?? new CaptureSummaryReader(this.#plan, { line: from, format: this.#format ?? 'v2' })).summary());
    }
    return { windows, summaries };
  }
}

/**
 * Reads a whole-day file once and cuts it into its hours (see `DayFileHours`). It decompresses and
 * splits the lines but decodes no record. Rejects when the file cannot be read or decompressed.
 */
export async function readDayFileHours(path: string, dayStart: number, plan: BlockPlan): Promise<DayFileHours> {
  const splitter = new LineSplitter();
  const hours = new DayHourSplitter(dayStart, plan);
  const sink = (bytes: Buffer, start: number, end: number, line: number): void => hours.line(bytes, start, end, line);
  const handle = await openRegularFile(path);
  try {
    for await (const chunk of defaultZstdDecompressor().decompress(fileChunks(handle))) splitter.push(chunk, sink);
    splitter.finish(sink);
    return hours.result();
  } finally {
    await handle.close();
  }
}
