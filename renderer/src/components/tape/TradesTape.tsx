import { useState, type KeyboardEvent, type Ref } from 'react';
import { tradeSideCode, type TradeColumns } from '../../../../shared/contract/market-schemas.ts';
import { formatNumber, formatTimeOfDay, formatTimestamp, timeZoneLabel, type TimeZoneChoice } from '../../format/market-values.ts';
import { tapeSide } from './tape-side.ts';
import { useFixedRows } from '../../hooks/use-fixed-rows.ts';
import './trades-tape.css';

/** Props of the trades tape. */
export interface TradesTapeProps {
  trades: TradeColumns;
  zone: TimeZoneChoice;
  /** Decimals of prices and sizes (from the market's tick and lot). */
  priceDecimals: number;
  sizeDecimals: number;
  /** Trades of at least this size are marked (here and on the chart); null marks none. */
  threshold: number | null;
  /** Only the first `upTo` trades are shown (a replay shows those up to its clock); all when absent. */
  upTo?: number | undefined;
  ref?: Ref<HTMLDivElement> | undefined;
}

const rowHeight = 20;

/**
 * The trades of the range, newest first, virtualized (a few dozen rows in the DOM for 200k
 * trades): time of day in the user's zone to the millisecond, price, size and side. Buys are
 * coloured bid, sells ask; a trade without a side shows "—". Liquidations carry a LIQ chip and
 * trades at or above the threshold are emphasized. Focused, ↑ ↓ PgUp PgDn Home End move the
 * selection.
 */
export function TradesTape({ trades, zone, priceDecimals, sizeDecimals, threshold, upTo, ref }: TradesTapeProps) {
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const count = Math.min(trades.time.length, upTo ?? trades.time.length);
  const rows = useFixedRows(scroller, count, rowHeight);

  const move = (to: number): void => {
    const next = Math.min(count - 1, Math.max(0, to));
    setSelected(next);
    rows.scrollToIndex(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const page = Math.max(1, Math.floor((scroller?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    const at = selected ?? -1;
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, PageDown: at + page, PageUp: at - page, Home: 0, End: count - 1 };
    const to = moves[event.key];
    if (to === undefined || count === 0) return;
    move(to);
    event.preventDefault();
  };
  const setRefs = (node: HTMLDivElement | null): void => {
    setScroller(node);
    if (typeof ref === 'function') ref(node);
    else if (ref !== null && ref !== undefined) ref.current = node;
  };

  return (
    <div className="tape">
      <div className="tape-columns" aria-hidden="true">
        <span>Time ({timeZoneLabel(zone, trades.time.at(-1) ?? 0)})</span>
        <span className="num">Price</span>
        <span className="num">Size</span>
        <span className="num">Side</span>
      </div>
      <div
        className="tape-scroll"
        ref={setRefs}
        tabIndex={0}
        role="listbox"
        aria-label={`Trades, newest first; ${count.toLocaleString('en-US')} trades; arrow keys move`}
        aria-activedescendant={selected === null ? undefined : `tape-row-${selected}`}
        onKeyDown={onKeyDown}
        data-testid="trades-tape"
        data-trades={count}
        data-oldest={trades.time[0] ?? ''}
        data-newest={trades.time[count - 1] ?? ''}
      >
        <div style={{ height: rows.totalHeight, position: 'relative' }}>
          {Array.from({ length: rows.last - rows.first }, (_, k) => rows.first + k).map((index) => {
            // Row 0 is the newest trade.
            const i = count - 1 - index;
            const time = trades.time[i] ?? 0;
            const quantity = trades.quantity[i] ?? 0;
            const side = tapeSide(trades.side[i] ?? tradeSideCode.unknown);
            const large = threshold !== null && quantity >= threshold;
            const liquidation = trades.liquidation[i] === 1;
            return (
              <div
                key={index}
                id={`tape-row-${index}`}
                role="option"
                aria-selected={selected === index}
                className={`tape-row ${side.className}${large ? ' large' : ''}${selected === index ? ' selected' : ''}`}
                style={{ transform: `translateY(${index * rowHeight}px)` }}
                title={formatTimestamp(time, zone, 'ms')}
                onClick={() => setSelected(index)}
              >
                <span className="tape-time">{formatTimeOfDay(time, zone, 'ms')}</span>
                <span className="num">{formatNumber(trades.price[i] ?? null, priceDecimals)}</span>
                <span className="num">
                  {liquidation && <span className="liq-chip">LIQ</span>}
                  {formatNumber(quantity, sizeDecimals)}
                </span>
                <span className="num tape-side">{side.label}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
