import type { RawData, WebSocket } from 'ws';
import { encodeBinaryMessage } from '../../shared/contract/ws-binary.ts';
import { wsInvokeMessage, type WsServerMessage } from '../../shared/contract/ws-protocol.ts';
import type { ContractEndpoint } from '../host/contract/contract-endpoint.ts';
import { JsonText } from '../host/contract/json-text.ts';
import { SocketReplays } from './socket-replays.ts';

/**
 * Serves the contract over one WebSocket: each `invoke` message goes to the endpoint like an IPC
 * call, and every hub event is pushed to the socket until it closes. Results and events go
 * as JSON, or as a binary message when they hold ArrayBuffers (see `shared/contract/ws-binary.ts`).
 * When the socket closes, the book replays it started are cancelled and released.
 */
export function serveContractSocket(socket: WebSocket, contract: ContractEndpoint): void {
  const send = (message: WsServerMessage): void => {
    if (socket.readyState !== socket.OPEN) return;
    // A message carrying ArrayBuffers (frame chunks, heatmap tiles) goes as one binary message,
    // sent in fragments so the buffers are not joined into a second copy first.
    const parts = encodeBinaryMessage(message);
    if (parts === null) socket.send(JSON.stringify(message));
    else parts.forEach((part, i) => socket.send(part, { binary: true, fin: i === parts.length - 1 }));
  };
  const detach = contract.events.attach((event, payload) => send({ type: 'event', event, payload }));
  // The page's replays end with it: a reload or a closed tab leaves nothing reading or held.
  const replays = new SocketReplays();
  const end = (): void => {
    detach();
    void replays.endAll((channel, input) => contract.call(channel, input));
  };
  socket.on('close', end);
  socket.on('error', end);

  socket.on('message', (data, isBinary) => {
    let parsed: ReturnType<typeof wsInvokeMessage.safeParse>;
    try {
      parsed = wsInvokeMessage.safeParse(isBinary ? undefined : JSON.parse(rawDataToText(data)));
    } catch {
      parsed = wsInvokeMessage.safeParse(undefined);
    }
    if (!parsed.success) {
      send({
        type: 'result',
        id: null,
        result: {
          ok: false,
          error: {
            kind: 'invalid-request',
            message: 'Malformed contract message: expected JSON {type:"invoke", id, channel, input}',
            resolution: 'Reload the page; the window and the server may be different versions.',
            channel: null,
          },
        },
      });
      return;
    }
    const { id, channel, input } = parsed.data;
    void contract.call(channel, input).then((result) => {
      replays.started(channel, result);
      // A replay started as the socket closed ends at once.
      if (socket.readyState !== socket.OPEN) void replays.endAll((name, body) => contract.call(name, body));
      // A value the service host already wrote as JSON goes on as that text.
      if (result.ok && result.value instanceof JsonText) {
        if (socket.readyState === socket.OPEN) socket.send(`{"type":"result","id":${id},"result":{"ok":true,"value":${result.value.json}}}`);
        return;
      }
      send({ type: 'result', id, result });
    });
  });
}

function rawDataToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(new Uint8Array(data)).toString('utf8');
}
