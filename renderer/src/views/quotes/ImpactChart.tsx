import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { toApproximateNumber } from '../../../../shared/quotes/exact-ratio.ts';
import type { ImpactSample } from '../../../../shared/quotes/impact-over-time.ts';
import { formatTimeOfDay, formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { linearScale, nearestIndex, niceTicks, timeTicks } from './chart-scale.ts';
import { impactText } from './ladder-display.ts';

/** Props of the impact-over-time chart. */
export interface ImpactChartProps {
  samples: readonly ImpactSample[];
  /** The focused observation, marked on the chart. */
  focusId: string | null;
  zone: TimeZoneChoice;
  /** The time range of the view (the x axis). */
  start: number;
  end: number;
  onPick: (observationId: string) => void;
}

const height = 170;
const margin = { top: 10, right: 12, bottom: 22, left: 56 };

/** The zone's offset from UTC at `at`, ms (0 for UTC). */
function zoneOffsetMs(zone: TimeZoneChoice, at: number): number {
  return zone === 'utc' ? 0 : -new Date(at).getTimezoneOffset() * 60_000;
}

/**
 * Price impact of one size over time, one point per observation (SVG). A gap where an
 * observation had no impact; the focused observation is ringed; hover reads a point exactly and a
 * click focuses its observation.
 */
export function ImpactChart({ samples, focusId, zone, start, end, onPick }: ImpactChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [hover, setHover] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(240, element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const points = samples.map((sample) => ({ sample, y: sample.impactBps === null ? null : toApproximateNumber(sample.impactBps) }));
  const values = points.map((point) => point.y).filter((y): y is number => y !== null);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  // A little headroom, so a line near the top or bottom tick is not drawn on the frame.
  const { ticks, domain } = niceTicks(low === 0 ? 0 : low - (high - low) * 0.08, high + (high - low) * 0.08, 4);
  const firstTime = Math.min(start, samples[0]?.collectorTime ?? start);
  const lastTime = Math.max(end, samples.at(-1)?.collectorTime ?? end);
  const x = linearScale(firstTime, lastTime, margin.left, width - margin.right);
  const y = linearScale(domain[0], domain[1], height - margin.bottom, margin.top);
  const xs = samples.map((sample) => x(sample.collectorTime));
  let path = '';
  let pen = false;
  points.forEach((point, index) => {
    if (point.y === null) {
      pen = false;
      return;
    }
    path += `${pen ? 'L' : 'M'}${(xs[index] ?? 0).toFixed(1)},${y(point.y).toFixed(1)}`;
    pen = true;
  });
  const focusIndex = samples.findIndex((sample) => sample.observationId === focusId);
  const hovered = hover === null ? undefined : samples[hover];
  const onMove = (event: MouseEvent<SVGSVGElement>): void => {
    const left = event.currentTarget.getBoundingClientRect().left;
    const index = nearestIndex(xs, event.clientX - left);
    setHover(index < 0 ? null : index);
  };
  const readout = (index: number): { x: number; y: number | null } => ({ x: xs[index] ?? 0, y: points[index]?.y ?? null });
  return (
    <div className="impact-chart" ref={box}>
      <svg
        width={width}
        height={height}
        role="img"
        aria-label="Price impact in basis points over time"
        onMouseMove={onMove}
        onMouseLeave={() => setHover(null)}
        onClick={() => hovered !== undefined && onPick(hovered.observationId)}
      >
        {ticks.map((tick) => (
          <g key={`y${tick}`}>
            <line className={tick === 0 ? 'axis-zero' : 'grid-line'} x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} />
            <text className="axis-label" x={margin.left - 6} y={y(tick) + 3} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {timeTicks(firstTime, lastTime, Math.max(2, Math.floor(width / 110)), zoneOffsetMs(zone, firstTime)).map((tick) => (
          <text key={`x${tick}`} className="axis-label" x={x(tick)} y={height - 6} textAnchor="middle">
            {formatTimeOfDay(tick, zone, 'min')}
          </text>
        ))}
        <path className="impact-line" d={path} />
        {points.map((point, index) =>
          point.y === null ? null : <circle key={samples[index]?.observationId ?? index} className="impact-dot" cx={xs[index]} cy={y(point.y)} r={1.6} />,
        )}
        {focusIndex >= 0 && readout(focusIndex).y !== null && <circle className="impact-focus" cx={readout(focusIndex).x} cy={y(readout(focusIndex).y ?? 0)} r={4.5} />}
        {hover !== null && hovered !== undefined && (
          <g className="impact-hover">
            <line x1={readout(hover).x} x2={readout(hover).x} y1={margin.top} y2={height - margin.bottom} />
            {readout(hover).y !== null && <circle cx={readout(hover).x} cy={y(readout(hover).y ?? 0)} r={3.5} />}
          </g>
        )}
      </svg>
      <div className="impact-readout mono" aria-live="polite">
        {hovered === undefined
          ? `impact in bps · ${samples.length} observations · hover to read, click to open`
          : `${formatTimestamp(hovered.collectorTime, zone, 'ms')} · block ${hovered.blockNumber.toLocaleString('en-US')} · ${impactText(hovered.impactBps)} bps`}
      </div>
    </div>
  );
}
