import { once } from 'node:events';
import { BookDataError } from '../../shared/book/book-data-error.ts';
import { BookEngine } from '../../shared/book/book-engine.ts';
import { BookRowTextWriter } from '../../shared/book/book-row-text.ts';
import { l2SlotCount } from '../../shared/rows/l2-row.ts';
import { SnapshotDecodeError } from '../../shared/snapshot/decode-errors.ts';
import { isBookReset, type BookInput } from '../host/book/book-input.ts';
import { bookInputsFromFiles } from '../host/book/file-book-source.ts';
import { integerOption, readCommandLine, timeOption } from './command-line.ts';

/** Exit code for a bad file or bad data. */
const badInputExit = 1;

/** What `mde book` was asked to do. */
export interface BookCommandArgs {
  files: string[];
  depth: number;
  /** Print only the books in force at this replay time (Unix ms); null prints every book. */
  at: number | null;
}

/** The syntax of `mde book FILE... [--depth N] [--at T]`. */
const bookSyntax = { options: { depth: 'string', at: 'string' }, positionals: { name: 'FILE', min: 1, max: Number.POSITIVE_INFINITY } } as const;

/** Parses the arguments of `mde book`; a mistake is a `UsageError`. */
export function parseBookArgs(args: readonly string[]): BookCommandArgs {
  const { values, positionals } = readCommandLine(args, bookSyntax);
  const depth = values.depth === undefined ? l2SlotCount : integerOption('--depth', values.depth, { min: 1, max: l2SlotCount, expected: `a whole number from 1 to ${l2SlotCount}` });
  const at = values.at === undefined ? null : timeOption('--at', values.at);
  return { files: positionals, depth, at };
}

/** Writes to stdout, waiting when the pipe is full so output streams in constant memory. */
async function writeOut(text: string): Promise<void> {
  if (text !== '' && !process.stdout.write(text)) await once(process.stdout, 'drain');
}

/** Prints a line per applied event as the files stream by. */
async function printEveryBook(inputs: AsyncIterable<BookInput[]>, depth: number): Promise<void> {
  const engine = new BookEngine();
  const rows = new BookRowTextWriter(depth);
  for await (const batch of inputs) {
    let text = '';
    for (const input of batch) {
      if (isBookReset(input)) {
        engine.reset(input.key);
        continue;
      }
      const book = engine.apply(input);
      if (book !== null) text += `${rows.line(book, input.collectorTimestamp, input.isSnapshot)}\n`;
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
  const rows = new BookRowTextWriter(depth);
  let text = '';
  let count = 0;
  for (const book of engine.books()) {
    text += `${rows.line(book, book.collectorTimestamp, book.lastEventWasSnapshot)}\n`;
    count++;
  }
  await writeOut(text);
  return count;
}

/** `mde book FILE... [--depth N] [--at T]`: reconstructed order books as JSON lines. */
export async function runBook(args: readonly string[]): Promise<number> {
  const parsed = parseBookArgs(args);
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
