import type { BookEvent, BookReset } from '../../../shared/book/book-event.ts';

/** One entry of an ordered replay: an event to apply, or a coverage gap that clears the books. */
export type BookInput = BookEvent | BookReset;

/** Whether a replay entry is a coverage-gap reset. */
export function isBookReset(input: BookInput): input is BookReset {
  return 'reset' in input;
}
