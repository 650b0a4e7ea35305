import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/settings.ts';
import { dispatch } from '../../../electron/host/contract/dispatch.ts';
import type { ContractHandlers } from '../../../electron/host/contract/handlers.ts';
import type { MarketHandlers } from '../../../electron/host/market/market-handlers.ts';
import { unusedFileViewHandlers } from '../../support/unused-file-view-handlers.ts';
import { unusedLibraryHandlers } from '../../support/unused-library-handlers.ts';
import { unusedResearchHandlers } from '../../support/unused-research-handlers.ts';

// Every market channel validates its input in main before a handler runs: a bad input is an
// `invalid-request` naming the field, and a good one reaches the handler as sent.

/** The inputs the market handlers received. */
const received: { channel: string; input: unknown }[] = [];

function recording<C extends keyof MarketHandlers>(channel: C, answer: Awaited<ReturnType<MarketHandlers[C]>>): MarketHandlers[C] {
  const handler = (input: unknown): Promise<typeof answer> => {
    received.push({ channel, input });
    return Promise.resolve(answer);
  };
  return handler as MarketHandlers[C];
}

const noRows = { cap: 1, truncated: false };
const noSeriesRows = { ...noRows, droppedUntil: null };
const marketHandlers: MarketHandlers = {
  'market.count': recording('market.count', { sources: 0, markets: 0, bySource: {}, updatedAt: '' }),
  'market.intervals': recording('market.intervals', { intervals: [] }),
  'market.candles': recording('market.candles', { interval: '1m', openTime: [], open: [], high: [], low: [], close: [], baseVolume: [], quoteVolume: [], tradeCount: [], closed: [], revisions: 0, ...noSeriesRows }),
  'market.trades': recording('market.trades', { time: [], price: [], quantity: [], side: [], liquidation: [], ...noSeriesRows }),
  'market.funding': recording('market.funding', { time: [], fundingRate: [], predictedFundingRate: [], premium: [], markPrice: [], indexPrice: [], openInterest: [], fundingTime: [], ...noSeriesRows }),
  'market.instruments': recording('market.instruments', { instruments: [], ...noRows }),
  'market.optionChain': recording('market.optionChain', { rows: [], ...noRows }),
  'market.intents': recording('market.intents', { rows: [], ...noRows }),
  'market.quotes': recording('market.quotes', { rows: [], ...noRows }),
  'market.events': recording('market.events', { items: [], ...noRows }),
  'market.eventsStream': recording('market.eventsStream', { count: 0, ...noRows }),
  'market.cancel': recording('market.cancel', { cancelled: false }),
};

const unused = (): Promise<never> => Promise.reject(new Error('not a market channel'));
const handlers: ContractHandlers = {
  'app.info': unused,
  'app.notices': unused,
  'settings.get': () => Promise.resolve(defaultSettings),
  'settings.update': unused,
  'health.check': unused,
  'catalog.markets': unused,
  'keys.status': unused,
  'keys.set': unused,
  'keys.delete': unused,
  'usage.get': unused,
  'book.replayFiles': unused,
  'book.replayMarket': unused,
  'book.crossCheck': unused,
  'book.cancel': unused,
  'book.window': unused,
  'book.sampled': unused,
  'book.latency': unused,
  'book.tiles': unused,
  'book.trades': unused,
  'book.release': unused,
  'files.pick': unused,
  'files.grantPath': unused,
  'files.grantDropped': unused,
  ...unusedFileViewHandlers,
  ...unusedLibraryHandlers,
  ...unusedResearchHandlers,
  ...marketHandlers,
};

const t0 = Date.UTC(2026, 10, 20, 12);
const market = { source: 'hyperliquid', market: 'BTC' };
const range = { start: t0, end: t0 + 60_000 };
const long = (length: number): string => 'x'.repeat(length);

/** A valid input of each market channel. */
const valid: Record<keyof MarketHandlers, unknown> = {
  'market.count': undefined,
  'market.intervals': { ...market, instrument: 'BTC' },
  'market.candles': { ...market, ...range, interval: '1m', requestId: 'r-1' },
  'market.trades': { ...market, ...range, requestId: 'r-1' },
  'market.funding': { ...market, ...range, requestId: 'r-1' },
  'market.instruments': { source: 'deribit', market: 'BTC', q: '90000', expiry: t0, optionType: 'put' },
  'market.optionChain': { source: 'deribit', market: 'BTC', ...range, requestId: 'r-1' },
  'market.intents': { source: 'uniswapx', market: 'intents', ...range, requestId: 'r-1' },
  'market.quotes': { source: 'fermiswap', market: 'ethereum', ...range, requestId: 'r-1' },
  'market.events': { ...range, types: ['trade', 'funding_rate'], source: 'hyperliquid', requestId: 'r-1' },
  'market.eventsStream': { ...range, types: ['trade', 'funding_rate'], source: 'hyperliquid', requestId: 'r-1' },
  'market.cancel': { requestId: 'r-1' },
};

const with_ = (channel: keyof MarketHandlers, patch: Record<string, unknown>): unknown => ({ ...(valid[channel] as object), ...patch });
const without = (channel: keyof MarketHandlers, field: string): unknown => Object.fromEntries(Object.entries(valid[channel] as object).filter(([name]) => name !== field));

type Case = [name: string, channel: keyof MarketHandlers, input: unknown, field: string];

const rangedChannels = ['market.trades', 'market.funding', 'market.intents', 'market.quotes'] as const;
const requiredRangeChannels = ['market.candles', 'market.optionChain', 'market.events', 'market.eventsStream'] as const;
const loadChannels = [...rangedChannels, ...requiredRangeChannels] as const;

const cases: Case[] = [
  // Ranges.
  ...[...rangedChannels, ...requiredRangeChannels].map((channel): Case => [`end before start`, channel, with_(channel, { start: t0, end: t0 - 1 }), 'end']),
  ...[...rangedChannels, ...requiredRangeChannels].map((channel): Case => ['a negative start', channel, with_(channel, { start: -1, end: t0 }), 'start']),
  ...[...rangedChannels, ...requiredRangeChannels].map((channel): Case => ['a fractional end', channel, with_(channel, { start: t0, end: t0 + 0.5 }), 'end']),
  ...[...rangedChannels, ...requiredRangeChannels].map((channel): Case => ['a time as a string', channel, with_(channel, { start: String(t0), end: t0 }), 'start']),
  ...[...rangedChannels, ...requiredRangeChannels].map((channel): Case => ['an end past year 275760', channel, with_(channel, { start: t0, end: 8_640_000_000_001 }), 'end']),
  ...rangedChannels.map((channel): Case => ['only a start', channel, without(channel, 'end'), 'end']),
  ...rangedChannels.map((channel): Case => ['only an end', channel, with_(channel, { start: undefined, end: t0 }), 'end']),
  ...requiredRangeChannels.map((channel): Case => ['no start', channel, without(channel, 'start'), 'start']),
  ['only a start', 'market.intervals', with_('market.intervals', { start: t0 }), 'end'],
  ['end before start', 'market.intervals', with_('market.intervals', { start: t0, end: t0 - 1 }), 'end'],
  // Names.
  ...[...loadChannels.filter((channel) => channel !== 'market.events' && channel !== 'market.eventsStream'), 'market.intervals' as const, 'market.instruments' as const].flatMap((channel): Case[] => [
    ['an empty source', channel, with_(channel, { source: '' }), 'source'],
    ['an oversized market', channel, with_(channel, { market: long(201) }), 'market'],
    ['no market', channel, without(channel, 'market'), 'market'],
  ]),
  ['an empty source', 'market.events', with_('market.events', { source: '' }), 'source'],
  ['an oversized market', 'market.events', with_('market.events', { market: long(201) }), 'market'],
  ...(['market.candles', 'market.trades', 'market.intervals'] as const).map((channel): Case => ['an empty instrument', channel, with_(channel, { instrument: '' }), 'instrument']),
  ...(['market.candles', 'market.trades', 'market.intervals'] as const).map((channel): Case => ['an oversized instrument', channel, with_(channel, { instrument: long(201) }), 'instrument']),
  // Request ids.
  ...[...loadChannels, 'market.cancel' as const].flatMap((channel): Case[] => [
    ['no requestId', channel, without(channel, 'requestId'), 'requestId'],
    ['an empty requestId', channel, with_(channel, { requestId: '' }), 'requestId'],
    ['an oversized requestId', channel, with_(channel, { requestId: long(101) }), 'requestId'],
  ]),
  // Channel-specific fields.
  ['an unknown interval', 'market.candles', with_('market.candles', { interval: '2m' }), 'interval'],
  ['no interval', 'market.candles', without('market.candles', 'interval'), 'interval'],
  ['an unknown event type', 'market.events', with_('market.events', { types: ['trade', 'tweet'] }), 'types.1'],
  ['an empty type list', 'market.events', with_('market.events', { types: [] }), 'types'],
  ['an oversized search', 'market.instruments', with_('market.instruments', { q: long(201) }), 'q'],
  ['an unknown option type', 'market.instruments', with_('market.instruments', { optionType: 'straddle' }), 'optionType'],
  ['a negative expiry', 'market.instruments', with_('market.instruments', { expiry: -1 }), 'expiry'],
  ['an input where none is taken', 'market.count', { source: 'hyperliquid' }, '(input)'],
  ['no input at all', 'market.cancel', undefined, '(input)'],
];

describe('market channels validate their input in main', () => {
  it.each(cases)('%s: %s is invalid-request naming %s', async (_name, channel, input, field) => {
    received.length = 0;
    const result = await dispatch(handlers, channel, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('invalid-request');
    expect(result.error.channel).toBe(channel);
    expect(result.error.issues?.map((issue) => issue.path)).toContain(field);
    expect(result.error.message).toContain(`${field}: `);
    expect(received).toEqual([]);
  });

  it('says to give both bounds when only one is given', async () => {
    for (const input of [without('market.trades', 'end'), with_('market.trades', { start: undefined })]) {
      const result = await dispatch(handlers, 'market.trades', input);
      expect(result.ok ? '' : result.error.message).toContain('give both start and end, or neither');
    }
  });

  it.each(Object.keys(valid) as (keyof MarketHandlers)[])('passes a valid %s input to its handler', async (channel) => {
    received.length = 0;
    const result = await dispatch(handlers, channel, valid[channel]);
    expect(result.ok).toBe(true);
    expect(received).toEqual([{ channel, input: valid[channel] }]);
  });

  it.each(rangedChannels)('passes %s with no bounds (the anonymous window) and with a zero-length range', async (channel) => {
    for (const input of [{ ...market, requestId: 'r-2' }, { ...market, start: t0, end: t0, requestId: 'r-3' }]) {
      received.length = 0;
      expect(await dispatch(handlers, channel, input)).toMatchObject({ ok: true });
      expect(received).toEqual([{ channel, input }]);
    }
  });
});
