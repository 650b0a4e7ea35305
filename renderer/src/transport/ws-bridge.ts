import { createBridge } from '../../../shared/contract/bridge.ts';
import type { ContractResult } from '../../../shared/contract/errors.ts';
import type { MdeBridge } from '../../../shared/contract/types.ts';
import { createEventListeners } from '../../../shared/contract/event-listeners.ts';
import { decodeBinaryMessage } from '../../../shared/contract/ws-binary.ts';
import { wsServerMessage, type WsServerMessage } from '../../../shared/contract/ws-protocol.ts';

/** State of the browser-mode connection to the app server. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

/** A bridge over the contract WebSocket, plus its connection state for the status bar. */
export interface WebSocketBridge {
  bridge: MdeBridge;
  state(): ConnectionState;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  /** Closes the socket for good: no reconnect follows. */
  close(): void;
}

/**
 * What the bridge needs of a WebSocket: the browser's, or (in tests under Node) any socket with
 * the same event-handler properties. Handlers are only ever assigned, never called, by the bridge.
 */
export interface ContractSocket {
  binaryType: string;
  readonly readyState: number;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  send(data: string): void;
  close(): void;
}

/** Opens a socket to the contract URL. */
export type OpenContractSocket = (url: string) => ContractSocket;

const callTimeoutMs = 30_000;
/** `WebSocket.OPEN`, spelled out so the bridge does not need the browser's class. */
const socketOpen = 1;

function unavailable(channel: string, message: string): ContractResult<unknown> {
  return {
    ok: false,
    error: {
      kind: 'unavailable',
      message,
      resolution: 'Check that `npm start` is still running in its terminal; the page reconnects by itself.',
      channel,
    },
  };
}

/**
 * Browser mode's transport: the same domain-shaped bridge as the preload, carried over a
 * WebSocket to the app server. It reconnects with backoff and fails pending calls plainly.
 */
export function createWebSocketBridge(socketUrl: string, openSocket: OpenContractSocket = (url) => new WebSocket(url)): WebSocketBridge {
  const pending = new Map<number, { channel: string; resolve: (result: ContractResult<unknown>) => void }>();
  const listeners = createEventListeners();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  let state: ConnectionState = 'connecting';
  let socket: ContractSocket | null = null;
  let nextId = 1;
  let backoffMs = 500;
  let waiters: (() => void)[] = [];
  let closed = false;

  const setState = (next: ConnectionState): void => {
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  const connect = (): void => {
    const ws = openSocket(socketUrl);
    // Events and results that carry buffers (frames, tiles) arrive as binary messages; keep them as ArrayBuffers.
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => {
      backoffMs = 500;
      setState('open');
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
    };
    ws.onmessage = (event: { data: unknown }) => {
      const message = readServerMessage(event.data);
      if (message === null) return;
      if (message.type === 'event') {
        listeners.deliver(message.event, message.payload);
      } else if (message.id !== null) {
        pending.get(message.id)?.resolve(message.result);
        pending.delete(message.id);
      }
    };
    ws.onclose = () => {
      socket = null;
      for (const [id, call] of pending) {
        call.resolve(unavailable(call.channel, 'Lost the connection to the app server before it answered'));
        pending.delete(id);
      }
      if (closed) return;
      setState('reconnecting');
      setTimeout(connect, backoffMs);
      backoffMs = Math.min(backoffMs * 2, 5000);
    };
  };
  connect();

  const whenOpen = (): Promise<boolean> =>
    socket?.readyState === socketOpen
      ? Promise.resolve(true)
      : new Promise((resolve) => {
          const timer = setTimeout(() => resolve(false), callTimeoutMs);
          waiters.push(() => {
            clearTimeout(timer);
            resolve(true);
          });
        });

  const invoke = async (channel: string, input: unknown): Promise<ContractResult<unknown>> => {
    if (!(await whenOpen()) || socket === null) {
      return unavailable(channel, 'The app server is not reachable');
    }
    const id = nextId++;
    const open = socket;
    return new Promise((resolve) => {
      pending.set(id, { channel, resolve });
      open.send(JSON.stringify({ type: 'invoke', id, channel, input }));
    });
  };

  return {
    bridge: createBridge(invoke, listeners.on),
    state: () => state,
    onStateChange: (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    close: () => {
      closed = true;
      socket?.close();
    },
  };
}

/**
 * A message from the app server, checked against the protocol: text as JSON, binary as a
 * buffer-carrying event or result. A result that does not fit (a server of another version) fails its call
 * plainly instead of being half-read; anything else that does not fit is dropped.
 */
function readServerMessage(data: unknown): WsServerMessage | null {
  if (data instanceof ArrayBuffer) return decodeBinaryMessage(data);
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = wsServerMessage.safeParse(json);
  if (parsed.success) return parsed.data;
  const id = typeof json === 'object' && json !== null && 'id' in json && typeof json.id === 'number' ? json.id : null;
  if (id === null) return null;
  return {
    type: 'result',
    id,
    result: {
      ok: false,
      error: {
        kind: 'internal',
        message: 'The app server sent an answer this window cannot read',
        resolution: 'Reload the page; if it persists, restart `npm start` so the window and the server run the same version.',
        channel: null,
      },
    },
  };
}
