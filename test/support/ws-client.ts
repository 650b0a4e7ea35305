import WebSocket from 'ws';
import { decodeBinaryEvent } from '../../shared/contract/ws-binary.ts';
import type { WsServerMessage } from '../../shared/contract/ws-protocol.ts';

/** A test client of the contract WebSocket: sends raw frames, collects every message. */
export interface ContractSocketClient {
  messages: WsServerMessage[];
  /** How many messages arrived as binary frames (decoded like the renderer's bridge does). */
  binaryMessages: number;
  send(raw: string): void;
  invoke(channel: string, input?: unknown): Promise<WsServerMessage>;
  next(predicate: (message: WsServerMessage) => boolean, timeoutMs?: number): Promise<WsServerMessage>;
  close(): void;
}

/** Opens the contract socket with the given headers; rejects with the HTTP status if refused. */
export function openContractSocket(url: string, headers: Record<string, string>): Promise<ContractSocketClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const messages: WsServerMessage[] = [];
    const waiters: { predicate: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }[] = [];
    let nextId = 1;
    socket.binaryType = 'arraybuffer';
    socket.on('message', (data: ArrayBuffer, isBinary: boolean) => {
      if (isBinary) client.binaryMessages++;
      const message = isBinary ? decodeBinaryEvent(data) : (JSON.parse(Buffer.from(data).toString('utf8')) as WsServerMessage);
      messages.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    socket.on('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode ?? 0}`)));
    socket.on('error', reject);
    const client: ContractSocketClient = {
      messages,
      binaryMessages: 0,
      send: (raw) => socket.send(raw),
      next: (predicate, timeoutMs = 5000) =>
        new Promise((done, fail) => {
          const found = messages.find(predicate);
          if (found !== undefined) {
            done(found);
            return;
          }
          const timer = setTimeout(() => fail(new Error('timed out waiting for a contract message')), timeoutMs);
          waiters.push({
            predicate,
            resolve: (m) => {
              clearTimeout(timer);
              done(m);
            },
          });
        }),
      invoke: (channel, input) => {
        const id = nextId++;
        socket.send(JSON.stringify({ type: 'invoke', id, channel, input }));
        return client.next((m) => m.type === 'result' && m.id === id);
      },
      close: () => socket.close(),
    };
    socket.on('open', () => resolve(client));
  });
}
