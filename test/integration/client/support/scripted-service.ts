import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TradeRow } from '../../../../shared/rows/trade-row.ts';

/** One answer of the scripted service: a status and a JSON body. */
export interface ScriptedAnswer {
  status: number;
  body: unknown;
}

/** A hand-made Market Data Service on 127.0.0.1 whose every answer comes from a script. */
export interface ScriptedService {
  readonly baseUrl: string;
  /** Every request received, in arrival order. */
  readonly requests: readonly URL[];
  close(): Promise<void>;
}

/** Starts a service on 127.0.0.1 that answers each GET with `answer(url, index)`. */
export async function startScriptedService(answer: (url: URL, index: number) => ScriptedAnswer): Promise<ScriptedService> {
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const { status, body } = answer(url, requests.length - 1);
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A well-formed trade row (spec 2.2) whose identity is `id`. */
export function tradeRow(id: string, collectorTimestamp: number): TradeRow {
  return {
    event_id: id,
    source: 'hyperliquid',
    market: 'BTC',
    instrument: null,
    collector_timestamp: collectorTimestamp,
    exchange_timestamp: null,
    source_capture_id: 'scripted',
    schema_version: 2,
    price: 97_000.5,
    quantity: 0.25,
    side: 'buy',
    order_id: null,
    maker: null,
    taker: null,
    liquidation: null,
  };
}

/** An error body of spec 2.14. */
export function errorBody(code: string, message: string, resolution: string): { error: { code: string; message: string; resolution: string } } {
  return { error: { code, message, resolution } };
}
