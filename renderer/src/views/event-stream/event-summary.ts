import { l2Slots, type L2Row } from '../../../../shared/rows/l2-row.ts';
import type { EventItem } from '../../../../shared/rows/event-item.ts';
import { formatDecimal, formatUnits, notPublished } from '../../format/market-values.ts';

/** How a part of a summary is coloured. */
export type SummaryTone = 'buy' | 'sell' | 'muted' | 'flag' | 'strong';

/** One part of an event's one-line summary: an optional label and its value. */
export interface SummaryPart {
  label?: string;
  text: string;
  tone?: SummaryTone;
  /** A longer explanation, shown on hover. */
  title?: string;
}

/** A number exactly as the row carries it (JSON numbers print their shortest exact form); null is an em dash. */
function exact(value: number | null): string {
  return value === null ? notPublished : String(value);
}

/** The last part of a long identifier (`eip155:1/erc20:0xc02a…6cc2`), for one-line summaries. */
export function shortId(id: string | null): string {
  if (id === null) return notPublished;
  const tail = id.slice(id.lastIndexOf('/') + 1).replace(/^erc20:/, '');
  return tail.length > 14 ? `${tail.slice(0, 6)}…${tail.slice(-4)}` : tail;
}

/** What an L2 row sets: levels per side, levels removed (size 0), and the best price of each side it names. */
export interface L2Touch {
  bids: number;
  asks: number;
  removed: number;
  /** Highest bid price with a size above 0, null when none. */
  topBid: number | null;
  /** Lowest ask price with a size above 0, null when none. */
  topAsk: number | null;
}

/** Counts the levels an L2 row names (slots whose price is not null) and finds its best bid and ask among the levels with size. */
export function l2Touch(row: L2Row): L2Touch {
  const touch: L2Touch = { bids: 0, asks: 0, removed: 0, topBid: null, topAsk: null };
  for (const slot of l2Slots) {
    const bidPx = row[slot.bidPx];
    const askPx = row[slot.askPx];
    if (bidPx !== null) {
      touch.bids++;
      const size = row[slot.bidSz];
      if (size === 0) touch.removed++;
      else if (touch.topBid === null || bidPx > touch.topBid) touch.topBid = bidPx;
    }
    if (askPx !== null) {
      touch.asks++;
      const size = row[slot.askSz];
      if (size === 0) touch.removed++;
      else if (touch.topAsk === null || askPx < touch.topAsk) touch.topAsk = askPx;
    }
  }
  return touch;
}

function ivPercent(text: string | null): string {
  if (text === null || text.trim() === '' || !Number.isFinite(Number(text))) return notPublished;
  return `${(Number(text) * 100).toFixed(1)}%`;
}

/**
 * The one-line summary of an event, per type: a trade's price, size and side (null side "—",
 * never a buy); an L2 row's snapshot or delta, level counts and best prices; funding's rate and
 * predicted rate; an intent's status and amounts; a quote's amount in → out (decimals applied
 * exactly); an option ticker's instrument, mark and IV; a candle's interval and OHLC. Values are
 * shown as the row carries them.
 */
export function summarizeEvent(item: EventItem): SummaryPart[] {
  switch (item.type) {
    case 'trade': {
      const row = item.data;
      const side: SummaryPart = row.side === null ? { label: 'side', text: notPublished, tone: 'muted', title: 'The venue sent no side' } : { text: row.side, tone: row.side };
      const parts: SummaryPart[] = [side, { label: 'px', text: exact(row.price), tone: 'strong' }, { label: 'qty', text: exact(row.quantity) }];
      if (row.liquidation === true) parts.push({ text: 'liquidation', tone: 'flag' });
      return parts;
    }
    case 'l2_update': {
      const row = item.data;
      const touch = l2Touch(row);
      const snapshot = row.source_event_is_snapshot;
      return [
        { text: snapshot ? 'snapshot' : 'delta', tone: snapshot ? 'flag' : 'muted', title: snapshot ? 'A complete source snapshot' : 'A sparse update with absolute level quantities' },
        { label: 'levels', text: `${touch.bids} bid / ${touch.asks} ask`, ...(touch.removed > 0 ? { title: `${touch.removed} removed (size 0)` } : {}) },
        ...(touch.removed > 0 ? [{ label: 'removed', text: String(touch.removed), tone: 'muted' as const }] : []),
        {
          label: snapshot ? 'best' : 'top set',
          text: `${exact(touch.topBid)} / ${exact(touch.topAsk)}`,
          tone: 'strong',
          title: snapshot ? 'Best bid / best ask of the snapshot' : 'Highest bid and lowest ask this update sets (not necessarily the book’s best)',
        },
      ];
    }
    case 'funding_rate': {
      const row = item.data;
      return [
        { label: 'rate', text: formatDecimal(row.funding_rate), tone: 'strong' },
        { label: 'predicted', text: formatDecimal(row.predicted_funding_rate) },
        { label: 'premium', text: formatDecimal(row.premium), tone: 'muted' },
      ];
    }
    case 'intent': {
      const row = item.data;
      return [
        { text: row.status ?? notPublished, tone: row.status === null ? 'muted' : 'flag', title: 'Status' },
        { label: 'in', text: `${formatDecimal(row.input_amount)} ${shortId(row.input_asset_id)}` },
        { label: 'out', text: `${formatDecimal(row.output_amount)} ${shortId(row.output_asset_id)}` },
        { label: 'id', text: shortId(row.intent_id ?? row.rfq_id), tone: 'muted' },
      ];
    }
    case 'quote': {
      const row = item.data;
      return [
        { text: `${formatUnits(row.input_amount, row.input_decimals)} ${shortId(row.input_asset_id)}`, tone: 'strong', title: `${row.input_amount} units, ${row.input_decimals} decimals` },
        { text: '→', tone: 'muted' },
        { text: `${formatUnits(row.output_amount, row.output_decimals)} ${shortId(row.output_asset_id)}`, tone: 'strong', title: `${row.output_amount} units, ${row.output_decimals} decimals` },
        { label: 'block', text: String(row.block_number), tone: 'muted' },
      ];
    }
    case 'option_ticker': {
      const row = item.data;
      return [
        { text: row.instrument, tone: 'strong' },
        { label: 'mark', text: formatDecimal(row.mark_price) },
        { label: 'IV', text: ivPercent(row.mark_iv), title: `mark IV ${formatDecimal(row.mark_iv)}` },
        { label: 'bid/ask', text: `${formatDecimal(row.bid_price)} / ${formatDecimal(row.ask_price)}`, tone: 'muted' },
      ];
    }
    case 'ohlcv': {
      const row = item.data;
      return [
        { text: row.interval, tone: 'flag' },
        { label: 'O', text: exact(row.open) },
        { label: 'H', text: exact(row.high) },
        { label: 'L', text: exact(row.low) },
        { label: 'C', text: exact(row.close), tone: 'strong' },
        ...(row.is_closed === true ? [{ text: 'closed', tone: 'muted' as const }] : []),
      ];
    }
  }
}

/** The summary as one line of plain text (the Event cell's title, for a summary longer than its column). */
export function summaryText(item: EventItem): string {
  return summarizeEvent(item)
    .map((part) => (part.label === undefined ? part.text : `${part.label} ${part.text}`))
    .join('  ');
}

/** Where an event comes from: source · market, and the instrument where the row names one the summary does not show. */
export function eventPlace(item: EventItem): string {
  const { source, market } = item.data;
  const instrument = item.type === 'option_ticker' || item.type === 'quote' ? null : item.data.instrument;
  return instrument === null || instrument === market ? `${source} · ${market}` : `${source} · ${market} · ${instrument}`;
}
