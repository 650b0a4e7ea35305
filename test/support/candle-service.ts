import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A hand-made remote Market Data Service holding one market with many 1m candles. */
export interface CandleService {
  baseUrl: string;
  source: string;
  market: string;
  /** Open time of the first and last candle, Unix ms. */
  firstOpen: number;
  lastOpen: number;
  /** `/ohlcv` requests served so far. */
  requests: () => number;
  /** Every `/ohlcv` request in arrival order: its interval, and whether it named a range (`start`) or continued one (`cursor`). */
  ohlcvLog: () => readonly OhlcvRequest[];
  stop: () => Promise<void>;
}

const minute = 60_000;

/** One `/ohlcv` request as the service saw it. */
export interface OhlcvRequest {
  interval: string | null;
  ranged: boolean;
  continued: boolean;
}

/** How the service misbehaves, for the error paths. */
export interface CandleServiceOptions {
  /** The first N ranged `/ohlcv` requests (with `start`; not the interval probes) answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitedOhlcv?: number;
  retryAfterSeconds?: number;
}

function candleJson(source: string, market: string, index: number, openTime: number): string {
  // A deterministic wave, so the chart has shape; every value is hand-checkable from the index.
  const base = 50_000 + 2_000 * Math.sin(index / 500) + (index % 37);
  const open = Math.round(base * 100) / 100;
  const close = Math.round((base + ((index % 7) - 3)) * 100) / 100;
  const high = Math.max(open, close) + 5;
  const low = Math.min(open, close) - 5;
  return JSON.stringify({
    event_id: `c-${index}`,
    source,
    market,
    interval: '1m',
    source_capture_id: 'bench',
    instrument: null,
    collector_timestamp: openTime + minute + 100,
    open_timestamp: openTime,
    schema_version: 2,
    open,
    high,
    low,
    close,
    exchange_timestamp: null,
    close_timestamp: openTime + minute - 1,
    base_volume: 1 + (index % 11),
    quote_volume: null,
    trade_count: null,
    is_closed: true,
  });
}

/**
 * Serves `/health`, `/count`, `/catalog` (one market), `/ohlcv` (interval 1m only, paged by an
 * offset cursor, 1000 rows a page) and empty pages for every other row endpoint, over
 * `count` one-minute candles ending before `now`; optionally rate-limits the first `/ohlcv`
 * requests. For the chart benchmark and the e2e tests.
 */
export async function startCandleService(count: number, now: number, options: CandleServiceOptions = {}): Promise<CandleService> {
  let rateLimitsLeft = options.rateLimitedOhlcv ?? 0;
  const source = 'benchvenue';
  const market = 'BTC-PERP';
  const lastOpen = Math.floor(now / minute) * minute - minute;
  const firstOpen = lastOpen - (count - 1) * minute;
  let requests = 0;
  const log: OhlcvRequest[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const json = (status: number, body: string): void => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    switch (url.pathname) {
      case '/health':
        return json(200, '{"status":"ok"}');
      case '/count':
        return json(200, JSON.stringify({ updatedAt: new Date(now).toISOString(), sources: 1, markets: 1, by_source: { [source]: 1 } }));
      case '/catalog':
        return json(
          200,
          JSON.stringify({
            updatedAt: new Date(now).toISOString(),
            markets: [
              {
                source,
                market,
                symbol: 'BTCUSD',
                start: new Date(firstOpen).toISOString(),
                end: new Date(lastOpen + minute).toISOString(),
                source_type: 'perpetuals',
                categories: ['Futures', 'Perpetual'],
                access: { status: 'open', public_cutoff_date: null },
                instrument: { base: 'BTC', quote: 'USD', tick_size: '0.01', lot_size: '0.001', min_notional: null },
              },
            ],
            has_more: false,
            next_cursor: null,
          }),
        );
      case '/ohlcv': {
        requests++;
        log.push({ interval: url.searchParams.get('interval'), ranged: url.searchParams.has('start'), continued: url.searchParams.has('cursor') });
        if (rateLimitsLeft > 0 && url.searchParams.has('start')) {
          rateLimitsLeft--;
          response.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(options.retryAfterSeconds ?? 12) });
          response.end(JSON.stringify({ error: { code: 'rate_limited', message: 'Request quota exceeded: 60 requests per 60 s', resolution: 'Wait as Retry-After says, then retry.' } }));
          return;
        }
        if (url.searchParams.get('interval') !== '1m') return json(200, '{"items":[],"has_more":false,"next_cursor":null}');
        const start = Number(url.searchParams.get('start') ?? firstOpen);
        const end = Number(url.searchParams.get('end') ?? lastOpen);
        const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 200));
        const from = Math.max(0, Math.ceil((start - firstOpen) / minute));
        const to = Math.min(count - 1, Math.floor((end - firstOpen) / minute));
        const offset = from + Number(url.searchParams.get('cursor') ?? 0);
        const items: string[] = [];
        for (let index = offset; index <= to && items.length < limit; index++) items.push(candleJson(source, market, index, firstOpen + index * minute));
        const next = offset + items.length <= to ? String(offset + items.length - from) : null;
        return json(200, `{"items":[${items.join(',')}],"has_more":${next !== null},"next_cursor":${next === null ? 'null' : `"${next}"`}}`);
      }
      default:
        return json(200, '{"items":[],"has_more":false,"next_cursor":null}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    source,
    market,
    firstOpen,
    lastOpen,
    requests: () => requests,
    ohlcvLog: () => [...log],
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
