import type { BookEvent, BookReset } from '../../../shared/book/book-event.ts';

/** One entry of an ordered replay: an event to apply, or a reset (a coverage gap, a new capture session) that clears the books. */
export type BookInput = BookEvent | BookReset;

/** Whether a replay entry is a reset. */
export function isBookReset(input: BookInput): input is BookReset {
  return 'reset' in input;
}
