import type { BookInput } from '../book/book-input.ts';
import type { ResearchTableData } from './research-table.ts';

/** What a study reads: book inputs, trades, or both. */
export interface StudyNeeds {
  books: boolean;
  trades: boolean;
}

/** A study's answer: what crosses the contract, and the tables it exports. */
export interface StudyResult<Output> {
  output: Output;
  tables: Partial<Record<string, ResearchTableData>>;
  notes: string[];
}

/**
 * One panel's computation over one market's (or several venues') book inputs and trades, fed in
 * stream order (book inputs of stream `stream`; trades of the first stream only). Pure: it runs
 * in the research worker, and in tests directly.
 */
export interface ResearchStudy<Output> {
  readonly needs: StudyNeeds;
  /** One book input of stream `stream` (an event or a reset). */
  book(stream: number, input: BookInput): void;
  /** One trade: `side` a side code (1 buy, −1 sell, 0 unknown), `exchangeTime` NaN when unknown. */
  trade(time: number, price: number, quantity: number, side: number, exchangeTime: number): void;
  /** The answer once every input is in. */
  finish(): StudyResult<Output>;
}

/**
 * The range a market study keeps trades (and samples) of: [start, end], both inclusive; null for
 * files (everything). An open end is −∞ or +∞ (`mde metrics` over files with only --from or --to).
 */
export type StudyRange = { start: number; end: number } | null;

/** Whether a time is in the range (always, without one). */
export function inStudyRange(range: StudyRange, time: number): boolean {
  return range === null || (time >= range.start && time <= range.end);
}

/** The span a study's automatic steps are chosen over: the range's, or the data's (`first` to `last` read) where the range is absent or open. */
export function studySpan(range: StudyRange, first: number, last: number): number {
  const start = range !== null && Number.isFinite(range.start) ? range.start : first;
  const end = range !== null && Number.isFinite(range.end) ? range.end : last;
  return end > start ? end - start : 0;
}
