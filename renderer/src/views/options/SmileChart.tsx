import { useState, type MouseEvent } from 'react';
import type { SmilePoint } from '../../../../shared/options/smile.ts';
import { linearScale, paddedAxis } from './chart-scale.ts';
import { formatStrikeTick } from './option-format.ts';
import { useElementSize } from '../../hooks/use-element-size.ts';

/** One expiry's smile as the chart draws it. */
export interface SmileSeries {
  expiry: number;
  label: string;
  color: string;
  points: SmilePoint[];
  /** The expiry's reference price (forward, underlying or index), drawn for the selected expiry. */
  reference: number | null;
  /** What the reference price is ("underlying", "forward", "index"). */
  referenceLabel: string;
}

/** Props of the smile chart. */
export interface SmileChartProps {
  series: readonly SmileSeries[];
  /** Expiries drawn; the others are listed in the legend, switched off. */
  shown: ReadonlySet<number>;
  /** The expiry of the chain below: drawn thicker, with its reference price. */
  selected: number | null;
  onToggle: (expiry: number) => void;
}

/** Distinct, calm colours for overlaid expiries, nearest first. */
export const expiryColors = ['#4c8dff', '#f0b429', '#26a69a', '#e57be0', '#9b8cff', '#ff8a50', '#7fd1ff', '#c3e88d'];

/** The least height of the plot; it grows with its panel. */
const minHeight = 220;
const margin = { top: 20, right: 14, bottom: 30, left: 44 };

/**
 * The implied-volatility smile of several expiries overlaid: strike on x, mark IV (%) on y, one
 * colour per expiry with a legend that switches each on or off, and a readout of every shown
 * expiry's IV at the strike under the pointer.
 */
export function SmileChart({ series, shown, selected, onToggle }: SmileChartProps) {
  const [wrapper, size] = useElementSize<HTMLDivElement>();
  const width = size.width;
  const height = Math.max(minHeight, size.height);
  const [hoverStrike, setHoverStrike] = useState<number | null>(null);
  const [fit, setFit] = useState<'selected' | 'all'>('selected');
  const visible = series.filter((entry) => shown.has(entry.expiry) && entry.points.length > 0);
  const points = visible.flatMap((entry) => entry.points);
  const plotWidth = Math.max(0, width - margin.left - margin.right);
  const plotHeight = height - margin.top - margin.bottom;

  const selectedSeries = visible.find((entry) => entry.expiry === selected);
  // Far expiries list strikes far from the money, where the smile climbs steeply; fitting the
  // axes to the selected expiry keeps the money region readable, the others clipped to it.
  const framing = fit === 'selected' && selectedSeries !== undefined ? selectedSeries.points : points;
  const frameStrikes = framing.map((point) => point.strike);
  const xAxis = paddedAxis(Math.min(...frameStrikes, Infinity), Math.max(...frameStrikes, -Infinity), Math.max(2, Math.floor(plotWidth / 90)), 0.04);
  const inFrame = points.filter((point) => point.strike >= xAxis.min && point.strike <= xAxis.max).map((point) => point.iv * 100);
  const yAxis = paddedAxis(Math.min(...inFrame, Infinity), Math.max(...inFrame, -Infinity), 4, 0.08);
  const x = linearScale(xAxis.min, xAxis.max, margin.left, margin.left + plotWidth);
  const y = linearScale(yAxis.min, yAxis.max, margin.top + plotHeight, margin.top);
  const strikes = [...new Set(points.map((point) => point.strike))].filter((strike) => strike >= xAxis.min && strike <= xAxis.max).sort((a, b) => a - b);

  const onMove = (event: MouseEvent<SVGSVGElement>): void => {
    if (strikes.length === 0) return;
    const px = event.clientX - event.currentTarget.getBoundingClientRect().left;
    let nearest = strikes[0] ?? null;
    for (const strike of strikes) if (nearest === null || Math.abs(x(strike) - px) < Math.abs(x(nearest) - px)) nearest = strike;
    setHoverStrike(nearest);
  };

  return (
    <div className="smile">
      <div className="smile-legend" role="group" aria-label="Expiries on the smile chart">
        {series.map((entry) => (
          <button
            key={entry.expiry}
            type="button"
            className={shown.has(entry.expiry) ? 'legend-item on' : 'legend-item'}
            aria-pressed={shown.has(entry.expiry)}
            disabled={entry.points.length === 0}
            title={entry.points.length === 0 ? 'No mark IV in this expiry' : 'Show or hide this expiry'}
            onClick={() => onToggle(entry.expiry)}
          >
            <span className="legend-swatch" style={{ background: entry.color }} aria-hidden="true" />
            {entry.label}
          </button>
        ))}
        <span className="smile-fit" role="radiogroup" aria-label="Axes fitted to">
          <button type="button" role="radio" aria-checked={fit === 'selected'} className={fit === 'selected' ? 'legend-item on' : 'legend-item'} onClick={() => setFit('selected')}>
            Fit chain expiry
          </button>
          <button type="button" role="radio" aria-checked={fit === 'all'} className={fit === 'all' ? 'legend-item on' : 'legend-item'} onClick={() => setFit('all')}>
            All strikes
          </button>
        </span>
      </div>
      <div ref={wrapper} className="smile-plot">
        {width > 0 && (
          <svg width={width} height={height} role="img" aria-label="Implied volatility smile: mark IV by strike" onMouseMove={onMove} onMouseLeave={() => setHoverStrike(null)}>
            {yAxis.ticks.map((tick) => (
              <g key={`y${tick}`}>
                <line className="grid-line" x1={margin.left} x2={margin.left + plotWidth} y1={y(tick)} y2={y(tick)} />
                <text className="axis-label" x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                  {yAxis.step < 1 ? tick.toFixed(1) : tick}
                </text>
              </g>
            ))}
            {xAxis.ticks.map((tick) => (
              <text key={`x${tick}`} className="axis-label" x={x(tick)} y={margin.top + plotHeight + 14} textAnchor="middle">
                {formatStrikeTick(tick)}
              </text>
            ))}
            <text className="axis-title" x={margin.left + plotWidth} y={height - 3} textAnchor="end">
              strike
            </text>
            <text className="axis-title" x={margin.left - 6} y={10} textAnchor="end">
              IV %
            </text>
            <clipPath id="smile-clip">
              <rect x={margin.left} y={margin.top - 3} width={plotWidth} height={plotHeight + 6} />
            </clipPath>
            <g clipPath="url(#smile-clip)">
              {selectedSeries?.reference !== null && selectedSeries?.reference !== undefined && (
                <g>
                  <line className="reference-line" x1={x(selectedSeries.reference)} x2={x(selectedSeries.reference)} y1={margin.top} y2={margin.top + plotHeight} />
                  <text className="axis-label" x={x(selectedSeries.reference) + 4} y={margin.top + 8}>
                    {selectedSeries.referenceLabel} {formatStrikeTick(Math.round(selectedSeries.reference))}
                  </text>
                </g>
              )}
              {visible.map((entry) => {
                const thick = entry.expiry === selected;
                return (
                  <g key={entry.expiry} opacity={thick || selected === null ? 1 : 0.75}>
                    <polyline fill="none" stroke={entry.color} strokeWidth={thick ? 2 : 1.25} points={entry.points.map((point) => `${x(point.strike)},${y(point.iv * 100)}`).join(' ')} />
                    {entry.points.map((point) => (
                      <circle key={point.strike} cx={x(point.strike)} cy={y(point.iv * 100)} r={thick ? 2.5 : 1.75} fill={entry.color}>
                        <title>{`${entry.label} · strike ${point.strike} · ${point.side} IV ${(point.iv * 100).toFixed(1)} %`}</title>
                      </circle>
                    ))}
                  </g>
                );
              })}
            </g>
            {hoverStrike !== null && <line className="hover-line" x1={x(hoverStrike)} x2={x(hoverStrike)} y1={margin.top} y2={margin.top + plotHeight} />}
          </svg>
        )}
        {hoverStrike !== null && (
          <div className="smile-readout" role="status">
            <span className="readout-strike">strike {hoverStrike.toLocaleString('en-US')}</span>
            {visible.map((entry) => {
              const point = entry.points.find((candidate) => candidate.strike === hoverStrike);
              return (
                <span key={entry.expiry} className="readout-item">
                  <span className="legend-swatch" style={{ background: entry.color }} aria-hidden="true" />
                  {entry.label} {point === undefined ? '—' : `${(point.iv * 100).toFixed(1)} % ${point.side === 'call' ? 'C' : 'P'}`}
                </span>
              );
            })}
          </div>
        )}
        {visible.length === 0 && <p className="smile-empty">No mark IV to draw: switch an expiry on in the legend.</p>}
      </div>
    </div>
  );
}
