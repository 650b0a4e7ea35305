import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { frameFlags } from '../../../../shared/book/book-frames.ts';
import { metricCount } from '../../../../shared/book/book-metrics.ts';
import type { FrameLocation } from '../../../../shared/book/frame-index.ts';
import { formatNumber, notPublished } from '../../format/market-values.ts';
import { costToTrade, type TradeCost } from './cost-to-trade.ts';
import { priceDecimals, tickChoices } from './ladder-format.ts';
import { aggregateLevels, changedPrices, ladderSides, type LadderLevel, type LadderSides } from './ladder-levels.ts';
import './depth-ladder.css';

/** Props of the depth ladder. */
export interface DepthLadderProps {
  /** The frame shown; null before the first. */
  frame: FrameLocation | null;
  /** The frame of the event before it, for the change flash; null when not loaded or not wanted. */
  previous: FrameLocation | null;
  /** The event index shown (-1 before the first), for tests and the link. */
  index: number;
  /** The replay instant the player draws on this frame (`data-drawn-at`, for the one-clock test); null before any. */
  drawnAt?: number | null;
  /** Decimals for sizes (from the market's lot size when known). */
  sizeDecimals: number;
  /** Whether changed levels flash (off while playing fast, where every level would flash every frame). */
  flash: boolean;
}

const noSides: LadderSides = { bids: [], asks: [] };
const noPrices: ReadonlySet<number> = new Set();

/** The frame's real levels, best first (what the readouts and the cost to trade are read from). */
function bookSidesAt(at: FrameLocation | null): LadderSides {
  return at === null ? noSides : ladderSides(at);
}

/** The levels as the ladder shows them: merged into buckets of `tick` (0: as they are). */
function shownSides(book: LadderSides, tick: number): LadderSides {
  return tick > 0 ? { bids: aggregateLevels(book.bids, tick, 'bid'), asks: aggregateLevels(book.asks, tick, 'ask') } : book;
}

function sidesAt(at: FrameLocation | null, tick: number): LadderSides {
  return shownSides(bookSidesAt(at), tick);
}

function metricOrNull(at: FrameLocation | null, k: number): number | null {
  const value = at === null ? Number.NaN : (at.views.metrics[at.f * metricCount + k] ?? Number.NaN);
  return Number.isNaN(value) ? null : value;
}

/**
 * The top of the book at the frame shown: asks above, bids below, each level with its size as a
 * bar and its cumulative depth; levels that changed since the previous event flash. Readouts:
 * spread (absolute and bps), mid, microprice, imbalance, and the cost to trade a chosen size on
 * each side. A crossed or locked book says so. Prices may be aggregated into larger ticks.
 */
export function DepthLadder({ frame, previous: previousFrame, index, drawnAt = null, sizeDecimals, flash }: DepthLadderProps) {
  const [tick, setTick] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  // The spread stays in the middle of the panel as the book moves, until the user scrolls the
  // ladder by hand (a change of aggregation centres it again).
  const userScrolled = useRef(false);
  useLayoutEffect(() => {
    userScrolled.current = false;
  }, [tick]);
  const [tradeSize, setTradeSize] = useState('0.1');
  // The real levels: spread, mid and the cost to trade come from them whatever the aggregation shown.
  const book = useMemo(() => bookSidesAt(frame), [frame]);
  const sides = useMemo(() => shownSides(book, tick), [book, tick]);
  // Each side is padded to the frame's depth with blank rows, so the spread row stays where it is
  // as levels come and go: centred once (and after aggregation or a resize), never per frame
  // (placing it per frame forced a layout each time, most of a frame at 1000×).
  const depth = frame?.depth ?? 0;
  useLayoutEffect(() => {
    const box = scroller.current;
    const spread = box?.querySelector<HTMLElement>('.ladder-spread-row') ?? null;
    if (box === null || spread === null || userScrolled.current) return;
    box.scrollTop = spread.offsetTop - box.clientHeight / 2;
  }, [tick, depth]);
  const previous = useMemo(() => (flash ? sidesAt(previousFrame, tick) : noSides), [flash, previousFrame, tick]);
  const changed = useMemo(() => (flash ? new Set([...changedPrices(previous.bids, sides.bids), ...changedPrices(previous.asks, sides.asks)]) : noPrices), [flash, previous, sides]);
  // Bucket prices are shown with their own decimals; every readout with the real levels' (an aggregate of 1 would round a 0.1 spread to "0").
  const decimals = useMemo(() => Math.max(priceDecimals(book.bids), priceDecimals(book.asks)), [book]);
  const shownDecimals = useMemo(() => (tick > 0 ? Math.max(priceDecimals(sides.bids), priceDecimals(sides.asks)) : decimals), [tick, sides, decimals]);
  const mid = metricOrNull(frame, 2);
  const flags = frame === null ? 0 : (frame.views.flags[frame.f] ?? 0);
  const cleared = (flags & frameFlags.reset) !== 0;
  const crossing = (flags & frameFlags.crossed) !== 0 ? 'crossed' : (flags & frameFlags.locked) !== 0 ? 'locked' : null;
  const size = Number(tradeSize);
  const buy = costToTrade(book.asks, size, mid, 'buy');
  const sell = costToTrade(book.bids, size, mid, 'sell');
  const maxSize = Math.max(1e-12, ...sides.bids.map((level) => level.size), ...sides.asks.map((level) => level.size));
  const spread = metricOrNull(frame, 3);
  const spreadBps = metricOrNull(frame, 4);
  const imbalance = metricOrNull(frame, 6);

  // Flashing, a row is its price level (its flash follows the level); playing fast, a row is its
  // place from the spread, so a moving book changes the rows' text instead of replacing them.
  const row = (level: LadderLevel, side: 'bid' | 'ask', place: number) => (
    <tr key={flash ? `${side}-${level.price}` : `${side}-at-${place}`} className={`ladder-row ${side}${changed.has(level.price) ? ' changed' : ''}`} data-price={level.price} data-size={level.size}>
      <td className="ladder-cumulative">{formatNumber(level.cumulative, sizeDecimals)}</td>
      <td className="ladder-size">
        <span className="ladder-bar" style={{ width: `${(level.size / maxSize) * 100}%` }} />
        <span className="ladder-size-text">{formatNumber(level.size, sizeDecimals)}</span>
      </td>
      <td className="ladder-price">{formatNumber(level.price, shownDecimals)}</td>
    </tr>
  );

  return (
    <section className="depth-ladder" aria-label="Depth ladder" data-testid="depth-ladder" data-frame={index} data-drawn-at={drawnAt ?? ''}>
      <dl className="ladder-readouts">
        <div>
          <dt>Mid</dt>
          <dd data-testid="ladder-mid">{mid === null ? notPublished : formatNumber(mid, decimals + 1)}</dd>
        </div>
        <div>
          <dt>Spread</dt>
          <dd data-testid="ladder-spread">
            {spread === null ? notPublished : `${formatNumber(spread, decimals)} · ${formatNumber(spreadBps, 2)} bps`}
          </dd>
        </div>
        <div>
          <dt>Microprice</dt>
          <dd>{formatNumber(metricOrNull(frame, 5), decimals + 1)}</dd>
        </div>
        <div>
          <dt>Imbalance</dt>
          <dd className={imbalance === null ? '' : imbalance >= 0 ? 'bid' : 'ask'}>{imbalance === null ? notPublished : `${imbalance >= 0 ? '+' : ''}${formatNumber(imbalance, 3)}`}</dd>
        </div>
      </dl>
      {crossing !== null && (
        <p className="ladder-crossing" role="status" data-testid="ladder-crossing">
          {crossing === 'crossed' ? 'Crossed book: the best bid is above the best ask' : 'Locked book: the best bid equals the best ask'}
        </p>
      )}
      <div className="ladder-tools">
        <label>
          Aggregate
          <select value={tick} onChange={(event) => setTick(Number(event.target.value))} aria-label="Aggregate price levels">
            <option value={0}>none</option>
            {tickChoices(mid).map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div
        className="ladder-scroll"
        ref={scroller}
        onWheel={() => (userScrolled.current = true)}
        onPointerDown={() => (userScrolled.current = true)}
        onKeyDown={() => (userScrolled.current = true)}
      >
      <table className="ladder-table">
        <thead>
          <tr>
            <th scope="col">Total</th>
            <th scope="col">Size</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {padding(depth - sides.asks.length, 'ask')}
          {sides.asks.map((level, place) => row(level, 'ask', place)).reverse()}
          <tr className="ladder-spread-row">
            <td colSpan={3}>
              {cleared
                ? 'Book cleared (a gap or a collector restart): it returns at the next snapshot'
                : sides.bids.length === 0 && sides.asks.length === 0
                  ? 'No book at this moment'
                  : spread === null
                    ? 'One side is empty'
                    : `spread ${formatNumber(spread, decimals)}`}
            </td>
          </tr>
          {sides.bids.map((level, place) => row(level, 'bid', place))}
          {padding(depth - sides.bids.length, 'bid')}
        </tbody>
      </table>
      </div>
      <div className="ladder-cost">
        <label>
          Cost to trade
          <input type="number" min="0" step="any" value={tradeSize} onChange={(event) => setTradeSize(event.target.value)} aria-label="Size to trade" />
        </label>
        <CostLine label="Buy" cost={buy} decimals={decimals} sizeDecimals={sizeDecimals} />
        <CostLine label="Sell" cost={sell} decimals={decimals} sizeDecimals={sizeDecimals} />
      </div>
    </section>
  );
}

/** Blank rows that keep a side at the frame's depth (so the spread row does not move). */
function padding(count: number, side: 'bid' | 'ask') {
  return Array.from({ length: Math.max(0, count) }, (_, i) => (
    <tr key={`${side}-pad-${i}`} className="ladder-pad" aria-hidden="true">
      <td colSpan={3} />
    </tr>
  ));
}

function CostLine({ label, cost, decimals, sizeDecimals }: { label: string; cost: TradeCost; decimals: number; sizeDecimals: number }) {
  return (
    <p className="ladder-cost-line" data-testid={`cost-${label.toLowerCase()}`} data-cost={cost.kind}>
      <span className="ladder-cost-side">{label}</span>
      <span>{costText(cost, decimals, sizeDecimals)}</span>
    </p>
  );
}

function costText(cost: TradeCost, decimals: number, sizeDecimals: number): string {
  switch (cost.kind) {
    case 'no-size':
      return 'type a size';
    case 'empty-side':
      return 'no levels on this side';
    case 'filled':
      return `avg ${formatNumber(cost.averagePrice, decimals + 1)}${cost.costBps === null ? '' : ` · ${formatNumber(cost.costBps, 2)} bps from mid`}`;
    case 'larger-than-book':
      return `larger than the book: its ${cost.levels} levels fill only ${formatNumber(cost.filled, sizeDecimals)}`;
  }
}
