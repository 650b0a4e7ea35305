import { useState, type KeyboardEvent } from 'react';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { timeInputHelp, zoneWords } from '../../format/time-input-help.ts';
import { spanChoices, type ResolvedRange } from '../../navigation/time-range.ts';
import type { ViewParamsPatch } from '../../stores/ui-store.ts';
import { boundText, readBound } from './read-bound.ts';
import './range-picker.css';

/** Props of a time-range picker. */
export interface RangePickerProps {
  range: ResolvedRange;
  zone: TimeZoneChoice;
  /** Applies a change of span or bounds to the view's parameters. */
  onChange: (patch: Pick<ViewParamsPatch, 'span' | 'start' | 'end'>) => void;
  /** Spans to leave out (a view whose data has no meaning over 30 days). */
  spans?: readonly string[];
}

/** A typed bound: any form the app's one time parser reads, in the shown zone; a time of day stays on the bound's date. */
function BoundInput({ label, value, zone, onCommit }: { label: string; value: number; zone: TimeZoneChoice; onCommit: (ms: number) => void }) {
  const shown = boundText(value, zone);
  // The parent remounts this input (key = the bound) when the bound changes elsewhere.
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<string | null>(null);
  const commit = (): void => {
    const read = readBound(text, value, zone);
    setProblem(read.ok ? null : read.message);
    if (read.ok && read.time !== value) onCommit(read.time);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') {
      setText(shown);
      setProblem(null);
    }
  };
  return (
    <>
      <input
        className={problem === null ? 'range-input' : 'range-input invalid'}
        aria-label={`${label} (${zoneWords(zone)})`}
        aria-invalid={problem !== null}
        title={problem ?? `${timeInputHelp(zone, value)}. Enter applies`}
        value={text}
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      {problem !== null && (
        <span className="error-text range-problem" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}

/**
 * Picks a view's time range: a span ending now (10m … 30d) or fixed bounds typed in the user's
 * time zone in any form `format/time-input.ts` reads (Enter applies; a bad bound says why).
 * Access is judged by the view, which knows its endpoint's window.
 */
export function RangePicker({ range, zone, onChange, spans }: RangePickerProps) {
  const offered = spans === undefined ? spanChoices : spanChoices.filter((span) => spans.includes(span.id));
  return (
    <div className="range-picker" role="group" aria-label="Time range">
      <div className="chip-row compact" role="radiogroup" aria-label="Span ending now">
        {offered.map((span) => (
          <button
            key={span.id}
            type="button"
            role="radio"
            aria-checked={range.relative && range.span === span.id}
            className={range.relative && range.span === span.id ? 'chip active' : 'chip'}
            onClick={() => onChange({ span: span.id, start: undefined, end: undefined })}
          >
            {span.label}
          </button>
        ))}
      </div>
      <BoundInput key={`from-${range.start}-${zone}`} label="From" value={range.start} zone={zone} onCommit={(start) => onChange({ start, end: Math.max(start, range.end), span: undefined })} />
      <span className="range-arrow" aria-hidden="true">
        →
      </span>
      <BoundInput key={`to-${range.end}-${zone}`} label="To" value={range.end} zone={zone} onCommit={(end) => onChange({ start: Math.min(range.start, end), end, span: undefined })} />
      <span className="range-zone">{zone === 'utc' ? 'UTC' : 'local'}</span>
    </div>
  );
}
