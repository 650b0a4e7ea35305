import type { RowContext } from '../../../shared/rows/from-records/row-context.ts';
import type { CaptureSegment } from '../store/market-data-store.ts';

/**
 * The row context of each line of one hour file: its file key (for event ids) and the capture
 * session in force at that line (for `source_capture_id`). One context object per segment, so
 * rows share them; lines asked in rising order cost a comparison each.
 */
export class CaptureContexts {
  readonly #lines: readonly number[];
  readonly #contexts: readonly RowContext[];
  #at = 0;

  constructor(fileKey: string, segments: readonly CaptureSegment[]) {
    const ordered = segments.length === 0 ? [{ line: 1, sessionId: `${fileKey}@1` }] : segments;
    this.#lines = ordered.map((segment) => segment.line);
    this.#contexts = ordered.map((segment) => ({ sourceCaptureId: segment.sessionId, fileKey }));
  }

  /** The context of the row at `line` (a line before the first segment's takes the first session). */
  at(line: number): RowContext {
    const lines = this.#lines;
    if ((lines[this.#at] ?? 0) > line) this.#at = 0;
    while (this.#at + 1 < lines.length && (lines[this.#at + 1] ?? Number.POSITIVE_INFINITY) <= line) this.#at++;
    const context = this.#contexts[this.#at];
    if (context === undefined) throw new Error('capture contexts: no segment');
    return context;
  }
}

/** A short text naming an hour's segments, for caches of rows built with them. */
export function segmentsKey(segments: readonly CaptureSegment[]): string {
  let key = '';
  for (const segment of segments) key += `${segment.line}=${segment.sessionId};`;
  return key;
}
