import { useMemo, useRef, useState } from 'react';
import type { FrameIndex } from '../../../../shared/book/frame-index.ts';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { useViewKeyMap } from '../../hooks/use-view-keys.ts';
import type { TradeColumns } from '../../../../shared/contract/market-schemas.ts';
import { TradesTape } from '../workspace/TradesTape.tsx';
import { DepthLadder } from './DepthLadder.tsx';
import { LiquidityHeatmap } from './heatmap/LiquidityHeatmap.tsx';
import type { HealthMarkReport } from './book-frames-store.ts';
import { frameHealth, reportedHealth, type HealthMark } from './health-marks.ts';
import { CrossCheckPanel } from './CrossCheckPanel.tsx';
import { differenceText } from './cross-check-text.ts';
import type { CrossCheckState } from './use-cross-check.ts';
import { ReplayTimeline } from './ReplayTimeline.tsx';
import { TransportBar } from './TransportBar.tsx';
import { usePlayback } from './use-playback.ts';
import './replay-player.css';

/** Props of the player over one book. */
export interface ReplayPlayerProps {
  frames: FrameIndex;
  zone: TimeZoneChoice;
  /** Changes whenever frames were appended (the heatmap rebins then). */
  version: number;
  /** The position a link asked for, Unix ms. */
  initialTime: number | null;
  /** Called when the player comes to rest (pause, seek, step), for the link. */
  onSettle: (time: number) => void;
  /** Marks main reported (resets, dropped deltas), beside those read from the frames; appended to as they arrive. */
  reports: readonly HealthMarkReport[];
  sizeDecimals: number;
  /** Decimals of trade prices (from the market's tick size). */
  priceDecimals: number;
  /** The trades of the range (a market replay), shown up to the clock; null when there are none to show. */
  trades: TradeColumns | null;
  /** Why there is no tape, when `trades` is null. */
  tapeNote: string;
  /** A running or finished cross-check, shown instead of the tape; null when none. */
  crossCheck: { state: CrossCheckState; localLabel: string; levels: number; onClose: () => void } | null;
}

/** How many trades happened at or before `time` (trade times ascend). */
function tradesUpTo(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((times[mid] ?? Number.POSITIVE_INFINITY) <= time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The time of frame `index` on the chosen clock; null when unknown (no exchange time). */
function frameTime(frames: FrameIndex, index: number, basis: 'collector' | 'exchange'): number | null {
  if (index < 0) return null;
  if (basis === 'collector') return frames.collectorTimeAt(index);
  // A venue that gave no exchange time leaves it unknown: never guessed from the collector's.
  const exchange = frames.exchangeTimeAt(index);
  return Number.isNaN(exchange) ? null : exchange;
}

/**
 * The book player: the transport (play, pause, step, speed, go to time), the depth ladder at the
 * event shown, and the scrubber with its data-health lane. Keys: space play/pause, ← → step one
 * event, [ ] speed, g go to time, Home/End.
 */
export function ReplayPlayer({ frames, version, zone, initialTime, onSettle, reports, sizeDecimals, priceDecimals, trades, tapeNote, crossCheck }: ReplayPlayerProps) {
  const playback = usePlayback(frames, initialTime, onSettle);
  const { state, index } = playback;
  const [basis, setBasis] = useState<'collector' | 'exchange'>('collector');
  const goTo = useRef<HTMLInputElement>(null);
  const describe = useMemo(() => (ms: number) => formatTimestamp(ms, zone, 'ms'), [zone]);
  // Frames arrive in chunks: health is re-read over the frames there are now.
  const count = frames.count;
  const health = useMemo(() => frameHealth(frames, describe, count), [frames, describe, count]);
  const reportCount = reports.length;
  const extraMarks = useMemo(() => reportedHealth(reports.slice(0, reportCount), describe), [reports, reportCount, describe]);
  const differences = crossCheck?.state.differences;
  const differenceMarks = useMemo(
    () => (differences ?? []).map((difference): HealthMark => ({ kind: 'difference', time: difference.time, frame: null, text: differenceText(difference, describe) })),
    [differences, describe],
  );
  const marks = useMemo(() => [...extraMarks, ...differenceMarks, ...health.marks].sort((a, b) => a.time - b.time), [extraMarks, differenceMarks, health]);
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

  const tradesShown = trades === null ? 0 : tradesUpTo(trades.time, state.time);
  const shown = frameTime(frames, index, basis);
  const shownTime = shown === null ? (index < 0 ? 'before the first event' : 'exchange time unknown') : `${describe(shown)}${basis === 'exchange' ? ' (exchange)' : ''}`;
  return (
    <div
      className="replay-player"
      data-testid="replay-player"
      data-playing={state.playing}
      data-speed={state.speed}
      data-time={state.time}
      data-frame={index}
      data-collector-time={index < 0 ? '' : frames.collectorTimeAt(index)}
      data-last-in-ms={index >= 0 && frames.indexAt(frames.clockAt(index)) === index && frames.clockAt(index) === frames.collectorTimeAt(index)}
    >
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
        <DepthLadder frames={frames} index={index} sizeDecimals={sizeDecimals} flash={!state.playing || state.speed <= 10} />
        <section className="replay-center" aria-label="Liquidity heatmap">
          <LiquidityHeatmap frames={frames} version={version} trades={trades} cursor={index < 0 ? null : state.time} onSeek={playback.seek} zone={zone} />
        </section>
        {crossCheck !== null ? (
          <CrossCheckPanel check={crossCheck.state} localLabel={crossCheck.localLabel} levels={crossCheck.levels} describeTime={describe} onSeek={playback.seek} onClose={crossCheck.onClose} />
        ) : (
          <section className="replay-tape" aria-label="Trades up to the replay clock">
            <header className="replay-panel-title">
              Trades {trades === null ? '' : `· ${tradesShown.toLocaleString('en-US')} of ${trades.time.length.toLocaleString('en-US')} so far`}
            </header>
            {trades === null ? (
              <p className="replay-note">{tapeNote}</p>
            ) : (
              <TradesTape trades={trades} zone={zone} priceDecimals={priceDecimals} sizeDecimals={sizeDecimals} threshold={null} upTo={tradesShown} />
            )}
          </section>
        )}
      </div>
      <ReplayTimeline start={start} end={end} time={state.time} loadedUntil={end} marks={marks} describeTime={describe} onSeek={playback.seek} />
      <p className="replay-health-counts" data-testid="health-counts">
        {health.counts.crossed} crossed · {health.counts.locked} locked · {health.counts['backward-step']} backward steps
        {extraMarks.length > 0 ? ` · ${extraMarks.filter((mark) => mark.kind === 'reset').length} resets · ${extraMarks.filter((mark) => mark.kind === 'dropped-delta').length} dropped-delta marks` : ''}
      </p>
    </div>
  );
}
