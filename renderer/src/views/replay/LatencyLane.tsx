import { memo, useMemo, useState } from 'react';
import type { BookLatency } from '../../../../shared/contract/book-session-schemas.ts';

/** The latency shown for a number of ms: whole ms from 10 on, one decimal below. */
function ms(value: number | null): string {
  if (value === null) return '—';
  return Math.abs(value) >= 10 ? `${Math.round(value).toLocaleString('en-US')} ms` : `${value.toFixed(1)} ms`;
}

/** Totals over the whole lane: events known and unknown, the highest p99 and max of a column. */
function totalsOf(lane: BookLatency): { known: number; unknown: number; worstP99: number | null; worstMax: number | null } {
  let known = 0;
  let unknown = 0;
  let worstP99: number | null = null;
  let worstMax: number | null = null;
  lane.known.forEach((count, c) => {
    known += count;
    unknown += lane.unknown[c] ?? 0;
    const p99 = lane.p99[c] ?? null;
    const max = lane.max[c] ?? null;
    if (p99 !== null && (worstP99 === null || p99 > worstP99)) worstP99 = p99;
    if (max !== null && (worstMax === null || max > worstMax)) worstMax = max;
  });
  return { known, unknown, worstP99, worstMax };
}

/** Height of a latency on the lane's linear scale (0..1), from 0 to the lane's worst p99; a negative latency draws as a sliver. */
function heightOf(value: number, top: number): number {
  if (!(value > 0) || !(top > 0)) return 0.04;
  return Math.min(1, Math.max(0.04, value / top));
}

/**
 * The replay's latency lane under the data-health lane: collector − exchange time per column of
 * the span, p99 as a bar and p50 as a tick from 0 to the worst p99; columns whose events have no exchange
 * time are hatched (unknown, never 0). Hover names a column's figures; a click seeks there.
 */
export const LatencyLane = memo(function LatencyLane({ lane, describeTime, onSeek }: { lane: BookLatency | null; describeTime: (ms: number) => string; onSeek: (time: number) => void }) {
  const [hover, setHover] = useState<number | null>(null);
  const totals = useMemo(() => (lane === null ? null : totalsOf(lane)), [lane]);
  if (lane === null || totals === null) {
    return (
      <>
        <div className="replay-latency-lane empty" data-testid="latency-lane" data-state="loading" />
        <p className="latency-caption">Latency (collector − exchange time): reading…</p>
      </>
    );
  }
  const columns = lane.known.length;
  const top = totals.worstP99 ?? 1;
  const hovered = hover === null ? null : { c: hover, time: lane.t0 + hover * lane.columnMs };
  const caption =
    totals.known === 0
      ? `Latency unknown: none of the ${totals.unknown.toLocaleString('en-US')} events carries an exchange time`
      : `Latency p99 up to ${ms(totals.worstP99)} · max ${ms(totals.worstMax)}${totals.unknown > 0 ? ` · ${totals.unknown.toLocaleString('en-US')} without exchange time` : ''}`;
  return (
    <>
    <div
      className="replay-latency-lane"
      data-testid="latency-lane"
      data-state="ready"
      data-known={totals.known}
      data-unknown={totals.unknown}
      onMouseLeave={() => setHover(null)}
      onMouseMove={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        if (box.width > 0) setHover(Math.min(columns - 1, Math.max(0, Math.floor(((event.clientX - box.left) / box.width) * columns))));
      }}
      onClick={() => {
        if (hovered !== null) onSeek(hovered.time);
      }}
      role="img"
      aria-label={caption}
    >
      <svg viewBox={`0 0 ${columns} 1`} preserveAspectRatio="none" aria-hidden="true">
        {lane.known.map((known, c) => {
          const p99 = lane.p99[c] ?? null;
          const p50 = lane.p50[c] ?? null;
          if (known === 0) return (lane.unknown[c] ?? 0) > 0 ? <rect key={c} className="latency-unknown" x={c} y={0} width={1} height={1} /> : null;
          const h99 = heightOf(p99 ?? 0, top);
          const h50 = heightOf(p50 ?? 0, top);
          return (
            <g key={c}>
              <rect className="latency-p99" x={c + 0.1} y={1 - h99} width={0.8} height={h99} />
              <rect className="latency-p50" x={c} y={1 - h50} width={1} height={0.06} />
            </g>
          );
        })}
      </svg>
      {hovered !== null && (
        <span className="latency-hover" style={{ left: `${((hovered.c + 0.5) / columns) * 100}%` }} data-testid="latency-hover">
          {describeTime(hovered.time)} · p50 {ms(lane.p50[hovered.c] ?? null)} · p99 {ms(lane.p99[hovered.c] ?? null)} · max {ms(lane.max[hovered.c] ?? null)} · {(lane.known[hovered.c] ?? 0).toLocaleString('en-US')} events
          {(lane.unknown[hovered.c] ?? 0) > 0 ? ` (+${(lane.unknown[hovered.c] ?? 0).toLocaleString('en-US')} without exchange time)` : ''}
        </span>
      )}
    </div>
    <p className="latency-caption">{caption} (collector − exchange time; bar p99, tick p50, scale 0 to {ms(totals.worstP99)})</p>
    </>
  );
});
