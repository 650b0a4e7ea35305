import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { isInTheMoney, type ChainExpiry, type ChainQuote, type ChainStrike } from '../../../../shared/options/chain.ts';
import type { ChainGreek } from '../../../../shared/options/greek-fill.ts';
import { formatDecimal, formatTimeOfDay, notPublished, type TimeZoneChoice } from '../../format/market-values.ts';
import { formatGreek, formatIv, type ChainUnits } from './option-format.ts';
import { useElementSize } from '../../hooks/use-element-size.ts';

/** Props of the chain table. */
export interface ChainTableProps {
  expiry: ChainExpiry;
  /** The instrument chosen in the search or by a click; its cells are outlined. */
  chosen: string | undefined;
  zone: TimeZoneChoice;
  /** What the columns are in (premium currency, greek units), shown under each header. */
  units: ChainUnits;
  onChoose: (instrument: string) => void;
}

const greekLabels: Record<ChainGreek, string> = { delta: 'Δ', gamma: 'Γ', vega: 'ν', theta: 'Θ' };
const greekNames: Record<ChainGreek, string> = { delta: 'Delta', gamma: 'Gamma', vega: 'Vega', theta: 'Theta' };

type Column = { id: string; label: string; title: string } & ({ kind: 'price'; field: 'bid_price' | 'mark_price' | 'ask_price' } | { kind: 'iv' } | { kind: 'greek'; greek: ChainGreek } | { kind: 'oi' });

const priceColumns: Column[] = [
  { id: 'bid', label: 'Bid', title: 'Best bid (premium); hover for size and bid IV', kind: 'price', field: 'bid_price' },
  { id: 'mark', label: 'Mark', title: 'Mark price (premium)', kind: 'price', field: 'mark_price' },
  { id: 'ask', label: 'Ask', title: 'Best ask (premium); hover for size and ask IV', kind: 'price', field: 'ask_price' },
];
const sideColumns: Column[] = [
  ...priceColumns,
  { id: 'iv', label: 'IV', title: 'Mark implied volatility, %; hover for bid and ask IV', kind: 'iv' },
  ...(['delta', 'gamma', 'vega', 'theta'] as const).map((greek): Column => ({ id: greek, label: greekLabels[greek], title: greekNames[greek], kind: 'greek', greek })),
  { id: 'oi', label: 'OI', title: 'Open interest', kind: 'oi' },
];
/** Columns dropped, in order, as the chain's panel narrows (hover and the contract detail still show them). */
const dropOrder: readonly { below: number; ids: readonly string[] }[] = [
  { below: 1240, ids: ['oi'] },
  { below: 1130, ids: ['oi', 'gamma'] },
  { below: 980, ids: ['oi', 'gamma', 'theta', 'vega'] },
];

/** The columns of one side that fit a width: all of them on a wide panel, fewer as it narrows. */
function sideColumnsFor(width: number): Column[] {
  const drop = width === 0 ? undefined : [...dropOrder].reverse().find((step) => width < step.below);
  return drop === undefined ? sideColumns : sideColumns.filter((column) => !drop.ids.includes(column.id));
}

/** What one cell shows: the column's value of one contract, marked by side for the row's click handler. */
function Cell({ column, quote, className, side, units }: { column: Column; quote: ChainQuote; className: string; side: 'call' | 'put'; units: ChainUnits }) {
  const row = quote.row;
  const cell = (content: ReactNode, extra: string, title: string) => (
    <td className={`num ${className} ${extra}`} title={title} data-side={side}>
      {content}
    </td>
  );
  switch (column.kind) {
    case 'price': {
      const book = column.field === 'bid_price' ? 'bid' : column.field === 'ask_price' ? 'ask' : null;
      const title = book === null ? `${row.instrument} mark ${formatDecimal(row.mark_price)}` : `${row.instrument} ${book} ${formatDecimal(row[column.field])} × ${formatDecimal(row[`${book}_size`])} · IV ${formatIv(row[`${book}_iv`])} %`;
      return cell(formatDecimal(row[column.field]), book ?? 'mark', title);
    }
    case 'iv':
      return cell(formatIv(row.mark_iv), 'iv', `IV bid ${formatIv(row.bid_iv)} · mark ${formatIv(row.mark_iv)} · ask ${formatIv(row.ask_iv)} %`);
    case 'oi':
      return cell(formatDecimal(row.open_interest), 'faint', `Open interest ${formatDecimal(row.open_interest)} · volume 24h ${formatDecimal(row.volume_24h)}`);
    case 'greek': {
      const value = quote.greeks[column.greek];
      const name = `${greekNames[column.greek]} (${units.short[column.greek]})`;
      if (value === null) {
        const why = quote.unfilledBecause === null ? '' : `; not computed: ${quote.unfilledBecause}`;
        return cell(notPublished, 'faint', `${name}: not published${why}`);
      }
      if (value.computed) {
        return cell(
          <>
            {formatGreek(column.greek, value.value)}
            <sup>c</sup>
          </>,
          'computed',
          `${name} ${String(value.value)}: computed (Black–Scholes) — the venue did not publish it`,
        );
      }
      return cell(Number.isFinite(value.value) ? formatGreek(column.greek, value.value) : value.text, '', `${name}: ${value.text} (published)`);
    }
  }
}

/** The unit a column is in, under its header: the premium currency, %, or the greek's unit. */
function unitOf(column: Column, units: ChainUnits): string {
  switch (column.kind) {
    case 'price':
      return units.short.premium;
    case 'iv':
      return units.short.iv;
    case 'greek':
      return units.short[column.greek];
    case 'oi':
      return '';
  }
}

/** One column's header: its label, and its unit on a second line. */
function ColumnHead({ column, units }: { column: Column; units: ChainUnits }) {
  const unit = unitOf(column, units);
  const title = column.kind === 'greek' ? units.long[column.greek] : column.title;
  return (
    <th className="num" title={title}>
      {column.label}
      <span className="column-unit">{unit === '' ? '\u00a0' : unit}</span>
    </th>
  );
}

function SideCells({ quote, columns, side, itm, chosen, units }: { quote: ChainQuote | null; columns: Column[]; side: 'call' | 'put'; itm: boolean; chosen: boolean; units: ChainUnits }) {
  if (quote === null) return columns.map((column) => <td key={column.id} className={itm ? 'no-contract itm' : 'no-contract'} />);
  const className = `${side}${itm ? ' itm' : ''}${chosen ? ' chosen' : ''}`;
  return columns.map((column) => <Cell key={column.id} column={column} quote={quote} className={className} side={side} units={units} />);
}

function StrikeRowView({
  slot,
  expiry,
  chosen,
  onChoose,
  putColumns,
  callColumns,
  units,
}: {
  slot: ChainStrike;
  expiry: ChainExpiry;
  chosen: string | undefined;
  onChoose: (instrument: string) => void;
  putColumns: Column[];
  callColumns: Column[];
  units: ChainUnits;
}) {
  const reference = expiry.reference?.price ?? null;
  const atm = expiry.atmStrike === slot.strike;
  const callItm = reference !== null && isInTheMoney('call', slot.strike, reference);
  const putItm = reference !== null && isInTheMoney('put', slot.strike, reference);
  const callChosen = slot.call !== null && slot.call.row.instrument === chosen;
  const putChosen = slot.put !== null && slot.put.row.instrument === chosen;
  const pick = (event: MouseEvent<HTMLTableRowElement>): void => {
    const cell = event.target instanceof Element ? event.target.closest('td') : null;
    const side = cell?.dataset['side'];
    const quote = side === 'call' ? slot.call : side === 'put' ? slot.put : null;
    if (quote !== null) onChoose(quote.row.instrument);
  };
  return (
    <tr className={atm ? 'atm' : undefined} onClick={pick} data-strike={slot.strike} data-chosen={callChosen || putChosen ? 'true' : undefined}>
      <SideCells quote={slot.call} columns={callColumns} side="call" itm={callItm} chosen={callChosen} units={units} />
      <td className="strike" title={atm ? 'At the money: the strike nearest the reference price' : undefined}>
        {slot.strikeText}
      </td>
      <SideCells quote={slot.put} columns={putColumns} side="put" itm={putItm} chosen={putChosen} units={units} />
    </tr>
  );
}

/**
 * The chain of one expiry as calls | strike | puts: bid, mark, ask, mark IV and the greeks per
 * side, strikes ascending. The at-the-money strike is highlighted and the in-the-money side of each
 * strike shaded. Greeks the venue left null and Black–Scholes filled are italic with a superscript
 * "c"; a click on a side chooses that contract.
 */
export function ChainTable({ expiry, chosen, zone, units, onChoose }: ChainTableProps) {
  const body = useRef<HTMLTableSectionElement>(null);
  const [frame, { width }] = useElementSize<HTMLDivElement>();
  const putColumns = sideColumnsFor(width);
  // Calls mirror puts around the strike: prices nearest it, open interest outermost.
  const callColumns = [...putColumns].reverse();
  useEffect(() => {
    body.current?.querySelector('tr[data-chosen="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [chosen, expiry.expiry]);
  const reference = expiry.reference;
  return (
    <div ref={frame} className="chain-scroll">
      <table className="data-table chain-table" aria-label="Option chain">
        <thead>
          <tr className="chain-sides">
            <th colSpan={callColumns.length} className="side-head calls-head">
              Calls
            </th>
            <th className="strike-head" title={reference === null ? 'No reference price in the range' : `${reference.field} observed ${formatTimeOfDay(reference.observedAt, zone)}`}>
              <span className="ref-label">{reference === null ? 'no price' : reference.field.replace('_price', '')}</span>
              {reference === null ? notPublished : reference.price.toLocaleString('en-US', { maximumFractionDigits: 2 })}
            </th>
            <th colSpan={putColumns.length} className="side-head puts-head">
              Puts
            </th>
          </tr>
          <tr className="chain-columns">
            {callColumns.map((column) => (
              <ColumnHead key={column.id} column={column} units={units} />
            ))}
            <th className="strike-head">Strike</th>
            {putColumns.map((column) => (
              <ColumnHead key={column.id} column={column} units={units} />
            ))}
          </tr>
        </thead>
        <tbody ref={body}>
          {expiry.strikes.map((slot) => (
            <StrikeRowView key={slot.strike} slot={slot} expiry={expiry} chosen={chosen} onChoose={onChoose} putColumns={putColumns} callColumns={callColumns} units={units} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
