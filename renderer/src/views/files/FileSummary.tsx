import type { FileViewProgress } from '../../../../shared/contract/file-view-schemas.ts';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { count, countMismatch, stopDetail, headerLine, readPercent, stopText, timeRangeText, typeCounts } from './file-summary-format.ts';
import { formatBytes } from '../../../../shared/byte-size.ts';

/** Props of the inspect summary. */
export interface FileSummaryProps {
  progress: FileViewProgress;
  zone: TimeZoneChoice;
  /** The record types the table shows (null: all). */
  types: readonly string[] | null;
  onToggleType: (type: string) => void;
}

/**
 * F2's inspect summary as the decode runs: the header line, progress, counts by type (each a
 * filter of the table, beside the header's declared count), the collector time range, backward
 * steps, skipped lines with samples, and where and why a damaged file stopped.
 */
export function FileSummary({ progress, zone, types, onToggleType }: FileSummaryProps) {
  const { summary, state, error, cap } = progress;
  const finished = state === 'done';
  const counts = typeCounts(summary);
  return (
    <section className="file-summary panel" aria-label="File summary">
      <div className="file-summary-head">
        <span className="file-format">{headerLine(summary)}</span>
        <span className={`file-state state-${state}`} role="status">
          {state === 'reading' ? `Reading… ${readPercent(progress)}%` : state === 'done' ? 'Read to the end' : state === 'stopped' ? 'Stopped early' : 'Cancelled'}
        </span>
      </div>
      {state === 'reading' && (
        <div className="file-progress" role="progressbar" aria-label="Decoded" aria-valuemin={0} aria-valuemax={100} aria-valuenow={readPercent(progress)}>
          <span style={{ width: `${readPercent(progress)}%` }} />
        </div>
      )}
      <dl className="file-facts">
        <div>
          <dt>Records</dt>
          <dd>
            {count(summary.records)}
            {summary.header?.eventCount !== null && summary.header?.eventCount !== undefined && <span className="faint"> (the header declares {count(summary.header.eventCount)})</span>}
          </dd>
        </div>
        <div>
          <dt>Collector time</dt>
          <dd>{timeRangeText(summary, zone)}</dd>
        </div>
        <div>
          <dt>Backward steps</dt>
          <dd className={summary.backwardSteps > 0 ? 'warn' : undefined}>{count(summary.backwardSteps)}</dd>
        </div>
        <div>
          <dt>Skipped lines</dt>
          <dd className={summary.skippedLines > 0 ? 'warn' : undefined}>
            {count(summary.skippedLines)} of {count(summary.lines)} lines
          </dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>
            {formatBytes(summary.compressedBytes)} compressed · {formatBytes(summary.decompressedBytes)} of text
          </dd>
        </div>
      </dl>
      <div className="chip-row type-filter" role="group" aria-label="Record types (click to filter the table)">
        {counts.map((row) => {
          const on = types === null || types.includes(row.type);
          return (
            <button
              key={row.type}
              type="button"
              className={types !== null && on ? 'chip type-filter-chip active' : 'chip type-filter-chip'}
              aria-pressed={types !== null && on}
              title={types !== null && on ? `Show every type again` : `Show only ${row.type} records`}
              onClick={() => onToggleType(row.type)}
            >
              <span className="type-name">{row.type}</span>
              <span className="type-found">{count(row.found)}</span>
              {row.declared !== null && (
                <span className={countMismatch(row, finished) ? 'type-declared mismatch' : 'type-declared'} title="What the header declared">
                  / {count(row.declared)}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {error !== null && (
        <div className="file-stop" role="alert">
          <strong>{stopText(error)}</strong> {stopDetail(error)}
          <div className="file-stop-resolution">
            Everything before that point is shown below. {error.resolution}
          </div>
        </div>
      )}
      {summary.skippedSamples.length > 0 && (
        <details className="file-skipped">
          <summary>
            {count(summary.skippedLines)} skipped {summary.skippedLines === 1 ? 'line' : 'lines'}: the first {summary.skippedSamples.length}
          </summary>
          <ul>
            {summary.skippedSamples.map((sample) => (
              <li key={sample.line}>
                line {count(sample.line)} (byte {count(sample.byteOffset)}): {sample.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {cap.reached && (
        <p className="file-cap" role="status">
          The table holds the first {count(progress.rows)} records: it keeps at most {count(cap.maxRows)} records and {formatBytes(cap.maxTextBytes)} of their text. The summary above counts the whole file.
        </p>
      )}
    </section>
  );
}
