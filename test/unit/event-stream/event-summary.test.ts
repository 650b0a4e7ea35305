import { describe, expect, it } from 'vitest';
import { eventPlace, l2Touch, shortId, summarizeEvent } from '../../../renderer/src/views/event-stream/event-summary.ts';
import type { EventItem } from '../../../shared/rows/event-item.ts';
import { at, l2, l2Row, quote, trade } from './event-fixtures.ts';

function texts(item: EventItem): string[] {
  return summarizeEvent(item).map((part) => (part.label === undefined ? part.text : `${part.label} ${part.text}`));
}

describe('summarizeEvent', () => {
  it('shows a trade’s side coloured, and a null side as an em dash, never a buy', () => {
    expect(summarizeEvent(trade('sell'))[0]).toEqual({ text: 'sell', tone: 'sell' });
    expect(summarizeEvent(trade(null))[0]).toMatchObject({ text: '—', tone: 'muted' });
    expect(texts(trade('buy', true))).toEqual(['buy', 'px 99440.7', 'qty 0.00382', 'liquidation']);
  });

  it('shows a snapshot’s level counts and best prices', () => {
    const snapshot = l2(true, [[100.5, 1], [100.4, 2]], [[100.6, 3]]);
    expect(texts(snapshot)).toEqual(['snapshot', 'levels 2 bid / 1 ask', 'best 100.5 / 100.6']);
  });

  it('counts a delta’s removed levels and takes its best prices only from levels with size', () => {
    const delta = l2(false, [[99440.7, 0.5], [99440.9, 0]], [[99437, 0], [99441, 2]]);
    expect(texts(delta)).toEqual(['delta', 'levels 2 bid / 2 ask', 'removed 2', 'top set 99440.7 / 99441']);
  });

  it('shows a quote’s amounts with the token decimals applied exactly', () => {
    expect(texts(quote)).toEqual(['0.1 0xc02a…6cc2', '→', '262.516 0xa0b8…eb48', 'block 21000000']);
  });

  it('shows funding decimals exactly as sent, null as an em dash', () => {
    const funding: EventItem = {
      type: 'funding_rate',
      data: { event_id: 'f', source: 'aster', market: 'BTCUSDT', instrument: null, collector_timestamp: at, exchange_timestamp: null, source_capture_id: 'c', schema_version: 2, funding_rate: '0.00001196', predicted_funding_rate: null, premium: '-0.000392', funding_timestamp: null },
    };
    expect(texts(funding)).toEqual(['rate 0.00001196', 'predicted —', 'premium -0.000392']);
  });

  it('shows a candle’s interval and OHLC', () => {
    const candle: EventItem = {
      type: 'ohlcv',
      data: {
        event_id: 'c', source: 'binance', market: 'ETH-USDT', interval: '15m', source_capture_id: 'c', instrument: null, collector_timestamp: at, open_timestamp: at, schema_version: 2,
        open: 2636.69, high: 2637.66, low: 2624.29, close: 2624.53, exchange_timestamp: null, close_timestamp: null, base_volume: null, quote_volume: null, trade_count: null, is_closed: false,
      },
    };
    expect(texts(candle)).toEqual(['15m', 'O 2636.69', 'H 2637.66', 'L 2624.29', 'C 2624.53']);
  });
});

describe('l2Touch', () => {
  it('finds nothing in a row with no levels', () => {
    const empty = l2Row(false, [], []);
    expect(l2Touch(empty)).toEqual({ bids: 0, asks: 0, removed: 0, topBid: null, topAsk: null });
  });
});

describe('shortId and eventPlace', () => {
  it('shortens a long asset id to its address ends and keeps short ones', () => {
    expect(shortId('eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2')).toBe('0xc02a…6cc2');
    expect(shortId('BTC')).toBe('BTC');
    expect(shortId(null)).toBe('—');
  });

  it('names source and market, and the instrument when it differs', () => {
    expect(eventPlace(trade('buy'))).toBe('binance · BTC-USDT');
    const withInstrument = trade('buy');
    if (withInstrument.type === 'trade') withInstrument.data.instrument = 'BTC-PERP';
    expect(eventPlace(withInstrument)).toBe('binance · BTC-USDT · BTC-PERP');
  });
});
