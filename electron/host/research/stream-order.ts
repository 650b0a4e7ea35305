import { contractError } from '../contract-errors.ts';

/** `{file key}:{line}` → its file key and line; null for an id of another form. */
function fileLine(eventId: string): { key: string; line: number } | null {
  const colon = eventId.lastIndexOf(':');
  if (colon <= 0) return null;
  const line = Number(eventId.slice(colon + 1));
  return Number.isSafeInteger(line) ? { key: eventId.slice(0, colon), line } : null;
}

/**
 * Checks that the pages of one stream move forward: a capture stream is served in arrival order,
 * so a row of a file (`event_id` `{file key}:{line}`) never comes from a line before one an earlier
 * page already served. A service that pages back (so the range would never end) is stopped with an
 * `invalid-response` naming the rows, instead of being read without end.
 */
export class StreamOrderCheck {
  readonly #highest = new Map<string, number>();

  constructor(private readonly channel: string) {}

  /** Checks one page's event ids against the pages before it, then notes them. */
  page(eventIds: readonly string[], path: string): void {
    const highest = new Map<string, number>();
    for (const eventId of eventIds) {
      const at = fileLine(eventId);
      if (at === null) continue;
      const before = this.#highest.get(at.key);
      if (before !== undefined && at.line < before) {
        throw contractError('invalid-response', this.channel, `${path} served ${eventId} after line ${before} of the same file: its pages go back instead of forward`, 'This service pages this market out of order; choose another market or data source, and report the message.');
      }
      highest.set(at.key, Math.max(highest.get(at.key) ?? at.line, at.line));
    }
    for (const [key, line] of highest) this.#highest.set(key, Math.max(this.#highest.get(key) ?? line, line));
  }
}
