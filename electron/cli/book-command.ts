import { once } from 'node:events';
import { BookDataError } from '../../shared/book/book-data-error.ts';
import { BookEngine } from '../../shared/book/book-engine.ts';
import { l2BookFields } from '../../shared/book/book-row.ts';
import { l2SlotCount } from '../../shared/book/l2-row.ts';
import type { OrderBook } from '../../shared/book/order-book.ts';
import { SnapshotDecodeError } from '../../shared/snapshot/decode-errors.ts';
import { isBookReset, type BookInput } from '../services/book/book-input.ts';
import { bookInputsFromFiles } from '../services/book/file-book-source.ts';

const usage = 'Usage: npm run -s mde -- book FILE... [--depth N] [--at T]';
/** Exit code for a bad file or bad data. */
const badInputExit = 1;
/** Exit code for bad usage. */
const usageExit = 2;

/** What `mde book` was asked to do. */
export interface BookCommandArgs {
  files: string[];
  depth: number;
  /** Print only the books in force at this replay time (Unix ms); null prints every book. */
  at: number | null;
}

/** Reads `--at`: Unix milliseconds, or an ISO-8601 time with a zone (`2024-06-01T00:00:00Z`). */
export function parseBookTime(text: string): number | null {
  if (/^-?\d+(\.\d+)?$/.test(text)) {
    const value = Number(text);
    return Number.isFinite(value) ? value : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const value = Date.parse(text);
  return Number.isNaN(value) ? null : value;
}

/** Parses the arguments of `mde book`; a string is the usage problem. */
export function parseBookArgs(args: readonly string[]): BookCommandArgs | string {
  const files: string[] = [];
  let depth = l2SlotCount;
  let at: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--depth' || arg === '--at') {
      const value = args[++i];
      if (value === undefined) return `${arg} needs a value`;
      if (arg === '--depth') {
        depth = Number(value);
        if (!/^\d+$/.test(value) || depth < 1 || depth > l2SlotCount) return `--depth must be a whole number from 1 to ${l2SlotCount}, not "${value}"`;
      } else {
        at = parseBookTime(value);
        if (at === null) return `--at must be Unix milliseconds or an ISO-8601 time with a zone, not "${value}"`;
      }
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else files.push(arg);
  }
  if (files.length === 0) return 'missing FILE';
  return { files, depth, at };
}

/** One output line: the book's identity and time, then its flat spec 2.3 level fields. */
export function bookLine(book: OrderBook, collectorTimestamp: number, isSnapshot: boolean, depth: number): string {
  const { source, market, instrument } = book.key;
  return JSON.stringify({ collector_timestamp: collectorTimestamp, source, market, instrument, ...l2BookFields(book, isSnapshot, depth) });
}

/** Writes to stdout, waiting when the pipe is full so output streams in constant memory. */
async function writeOut(text: string): Promise<void> {
  if (text !== '' && !process.stdout.write(text)) await once(process.stdout, 'drain');
}

/** Prints a line per applied event as the files stream by. */
async function printEveryBook(inputs: AsyncIterable<BookInput[]>, depth: number): Promise<void> {
  const engine = new BookEngine();
  for await (const batch of inputs) {
    let text = '';
    for (const input of batch) {
      if (isBookReset(input)) {
        engine.reset(input.key);
        continue;
      }
      const book = engine.apply(input);
      if (book !== null) text += `${bookLine(book, input.collectorTimestamp, input.isSnapshot, depth)}\n`;
    }
    await writeOut(text);
  }
}

/**
 * Prints the books in force at replay time `at`: every entry whose running-max collector time is
 * ≤ at applied, as `BookTimeline` defines it. Reading stops at the first later entry.
 */
async function printBooksAt(inputs: AsyncIterable<BookInput[]>, depth: number, at: number): Promise<number> {
  const engine = new BookEngine();
  let clock = Number.NEGATIVE_INFINITY;
  replay: for await (const batch of inputs) {
    for (const input of batch) {
      clock = Math.max(clock, input.collectorTimestamp);
      if (clock > at) break replay;
      if (isBookReset(input)) engine.reset(input.key);
      else engine.apply(input);
    }
  }
  let text = '';
  let count = 0;
  for (const book of engine.books()) {
    text += `${bookLine(book, book.collectorTimestamp, book.lastEventWasSnapshot, depth)}\n`;
    count++;
  }
  await writeOut(text);
  return count;
}

/** `mde book FILE... [--depth N] [--at T]`: reconstructed order books as JSON lines. */
export async function runBook(args: readonly string[]): Promise<number> {
  const parsed = parseBookArgs(args);
  if (typeof parsed === 'string') {
    console.error(`mde book: ${parsed}. ${usage}`);
    return usageExit;
  }
  const inputs = bookInputsFromFiles(parsed.files);
  try {
    if (parsed.at === null) await printEveryBook(inputs, parsed.depth);
    else if ((await printBooksAt(inputs, parsed.depth, parsed.at)) === 0) console.error(`mde book: no book was in force at ${parsed.at}.`);
    return 0;
  } catch (error) {
    if (error instanceof SnapshotDecodeError || error instanceof BookDataError) {
      console.error(`mde book: ${error.message}`);
      return badInputExit;
    }
    throw error;
  }
}
