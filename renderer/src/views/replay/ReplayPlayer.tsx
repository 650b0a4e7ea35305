import { useMemo, useRef, useState } from 'react';
import type { FrameIndex } from '../../../../shared/book/frame-index.ts';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { useViewKeyMap } from '../../hooks/use-view-keys.ts';
import { DepthLadder } from './DepthLadder.tsx';
import { frameHealth, type HealthMark } from './health-marks.ts';
import { ReplayTimeline } from './ReplayTimeline.tsx';
import { TransportBar } from './TransportBar.tsx';
import { usePlayback } from './use-playback.ts';
import './replay-player.css';

/** Props of the player over one book. */
export interface ReplayPlayerProps {
  frames: FrameIndex;
  zone: TimeZoneChoice;
  /** The position a link asked for, Unix ms. */
  initialTime: number | null;
  /** Called when the player comes to rest (pause, seek, step), for the link. */
  onSettle: (time: number) => void;
  /** Marks main reported (resets, dropped deltas), beside those read from the frames. */
  extraMarks: readonly HealthMark[];
  sizeDecimals: number;
}

/** The time of frame `index` on the chosen clock; null when unknown (no exchange time). */
function frameTime(frames: FrameIndex, index: number, basis: 'collector' | 'exchange'): number | null {
  if (index < 0) return null;
  if (basis === 'collector') return frames.collectorTimeAt(index);
  // Frames carry no exchange time yet: unknown, never guessed from the collector's.
  return null;
}

/**
 * The book player: the transport (play, pause, step, speed, go to time), the depth ladder at the
 * event shown, and the scrubber with its data-health lane. Keys: space play/pause, ← → step one
 * event, [ ] speed, g go to time, Home/End.
 */
export function ReplayPlayer({ frames, zone, initialTime, onSettle, extraMarks, sizeDecimals }: ReplayPlayerProps) {
  const playback = usePlayback(frames, initialTime, onSettle);
  const { state, index } = playback;
  const [basis, setBasis] = useState<'collector' | 'exchange'>('collector');
  const goTo = useRef<HTMLInputElement>(null);
  const describe = useMemo(() => (ms: number) => formatTimestamp(ms, zone, 'ms'), [zone]);
  // Frames arrive in chunks: health is re-read over the frames there are now.
  const count = frames.count;
  const health = useMemo(() => frameHealth(frames, describe, count), [frames, describe, count]);
  const marks = useMemo(() => [...extraMarks, ...health.marks].sort((a, b) => a.time - b.time), [extraMarks, health]);
  const start = frames.count > 0 ? frames.clockAt(0) : 0;
  const end = frames.count > 0 ? frames.clockAt(frames.count - 1) : 0;

  useViewKeyMap({
    ' ': playback.toggle,
    ArrowRight: () => playback.step(1),
    ArrowLeft: () => playback.step(-1),
    '[': () => playback.speed(-1),
    ']': () => playback.speed(1),
    g: () => goTo.current?.focus(),
    Home: playback.toStart,
    End: playback.toEnd,
  });

  const shown = frameTime(frames, index, basis);
  const shownTime = shown === null ? (index < 0 ? 'before the first event' : 'exchange time unknown') : `${describe(shown)}${basis === 'exchange' ? ' (exchange)' : ''}`;
  return (
    <div className="replay-player" data-testid="replay-player" data-playing={state.playing} data-speed={state.speed} data-time={state.time} data-frame={index}>
      <TransportBar
        playing={state.playing}
        speed={state.speed}
        shownTime={shownTime}
        timeBasis={basis}
        onTimeBasis={setBasis}
        event={{ index, count: frames.count }}
        onToggle={playback.toggle}
        onStep={playback.step}
        onSpeed={playback.setSpeed}
        onGoTo={(time) => {
          if (time < start || time > end) return `${describe(time)} is outside what is loaded (${describe(start)} to ${describe(end)})`;
          playback.seek(time);
          return null;
        }}
        goToRef={goTo}
      />
      <div className="replay-main">
        <DepthLadder frames={frames} index={index} sizeDecimals={sizeDecimals} />
      </div>
      <ReplayTimeline start={start} end={end} time={state.time} loadedUntil={end} marks={marks} describeTime={describe} onSeek={playback.seek} />
      <p className="replay-health-counts" data-testid="health-counts">
        {health.counts.crossed} crossed · {health.counts.locked} locked · {health.counts['backward-step']} backward steps
        {extraMarks.length > 0 ? ` · ${extraMarks.filter((mark) => mark.kind === 'reset').length} resets · ${extraMarks.filter((mark) => mark.kind === 'dropped-delta').length} dropped-delta marks` : ''}
      </p>
    </div>
  );
}
