import { memo, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { HealthMark, HealthMarkKind } from './health-marks.ts';
import './replay-timeline.css';

/** Props of the replay's timeline. */
export interface ReplayTimelineProps {
  /** The replay's span on the replay clock, Unix ms. */
  start: number;
  end: number;
  /** Where the player stands. */
  time: number;
  /** Loaded so far (frames arrive as the replay runs). */
  loadedUntil: number;
  marks: readonly HealthMark[];
  describeTime: (ms: number) => string;
  onSeek: (time: number) => void;
}

const markLabels: Record<HealthMarkKind, string> = {
  crossed: 'crossed book',
  locked: 'locked book',
  'backward-step': 'backward step in collector time',
  reset: 'book reset',
  'dropped-delta': 'deltas dropped before a first snapshot',
  difference: 'cross-check difference',
};

/** Columns the lane is divided into: one mark of a kind per column is drawn (the rest share it). */
const laneColumns = 600;

function visibleMarks(marks: readonly HealthMark[], start: number, span: number): HealthMark[] {
  const columns = new Map<string, HealthMark>();
  for (const mark of marks) {
    const column = Math.round(((mark.time - start) / span) * laneColumns);
    const key = `${mark.kind}:${column}`;
    if (!columns.has(key)) columns.set(key, mark);
  }
  return [...columns.values()];
}

/**
 * The scrubber and the data-health lane under it: the playhead, the part loaded so far, the time
 * under the pointer, and a mark for each health event (hover says what it is; a click jumps to
 * it). Click or drag the scrubber to seek; with focus, arrows move by 1% and Home/End jump.
 */
export function ReplayTimeline({ start, end, time, loadedUntil, marks, describeTime, onSeek }: ReplayTimelineProps) {
  const bar = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const span = Math.max(1, end - start);
  // The lane is drawn once per change of marks or span, not on every frame of playback.
  const shownMarks = useMemo(() => visibleMarks(marks, start, span), [marks, start, span]);
  const fraction = (t: number): number => Math.min(1, Math.max(0, (t - start) / span));
  const timeAt = (event: MouseEvent): number => {
    const box = bar.current?.getBoundingClientRect();
    if (box === undefined || box.width === 0) return start;
    return start + Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)) * span;
  };
  const onKey = (event: KeyboardEvent): void => {
    const step = span / 100;
    const next = event.key === 'ArrowRight' ? time + step : event.key === 'ArrowLeft' ? time - step : event.key === 'Home' ? start : event.key === 'End' ? end : null;
    if (next === null) return;
    event.preventDefault();
    event.stopPropagation();
    onSeek(Math.min(end, Math.max(start, next)));
  };
  return (
    <div className="replay-timeline">
      <div
        ref={bar}
        className="replay-scrubber"
        role="slider"
        tabIndex={0}
        aria-label="Replay position"
        aria-valuemin={start}
        aria-valuemax={end}
        aria-valuenow={time}
        aria-valuetext={describeTime(time)}
        data-testid="replay-scrubber"
        onMouseMove={(event) => setHover(timeAt(event))}
        onMouseLeave={() => setHover(null)}
        onMouseDown={(event) => {
          onSeek(timeAt(event));
          const move = (next: globalThis.MouseEvent): void => {
            const box = bar.current?.getBoundingClientRect();
            if (box !== undefined && box.width > 0) onSeek(start + Math.min(1, Math.max(0, (next.clientX - box.left) / box.width)) * span);
          };
          const up = (): void => {
            window.removeEventListener('mousemove', move);
            window.removeEventListener('mouseup', up);
          };
          window.addEventListener('mousemove', move);
          window.addEventListener('mouseup', up);
        }}
        onKeyDown={onKey}
      >
        <div className="replay-loaded" style={{ width: `${fraction(loadedUntil) * 100}%` }} />
        <div className="replay-playhead" style={{ left: `${fraction(time) * 100}%` }} />
        {hover !== null && (
          <div className="replay-hover" style={{ left: `${fraction(hover) * 100}%` }} data-testid="replay-hover-time">
            {describeTime(hover)}
          </div>
        )}
      </div>
      <HealthLane marks={shownMarks} start={start} span={span} onSeek={onSeek} />
    </div>
  );
}

/** The data-health lane: one button per mark (hover says what it is, a click seeks); redrawn only when the marks change, not on every frame of playback. */
const HealthLane = memo(function HealthLane({ marks, start, span, onSeek }: { marks: readonly HealthMark[]; start: number; span: number; onSeek: (time: number) => void }) {
  return (
    <div className="replay-health-lane" aria-label="Data health" role="list" data-testid="health-lane">
      {marks.map((mark) => (
        <button
          key={`${mark.kind}-${mark.time}-${mark.frame ?? ''}`}
          type="button"
          role="listitem"
          className={`health-mark ${mark.kind}`}
          style={{ left: `${Math.min(1, Math.max(0, (mark.time - start) / span)) * 100}%` }}
          title={mark.text}
          aria-label={`${markLabels[mark.kind]}: ${mark.text}`}
          data-kind={mark.kind}
          data-time={mark.time}
          onClick={() => onSeek(mark.time)}
        />
      ))}
      {marks.length === 0 && <span className="health-clean">No health events in what has loaded</span>}
    </div>
  );
});
