import { createBridge } from '../../../shared/contract/bridge.ts';
import type { ContractResult } from '../../../shared/contract/errors.ts';
import type { MdeBridge } from '../../../shared/contract/types.ts';
import { createEventListeners } from '../../../shared/contract/event-listeners.ts';
import { decodeBinaryEvent } from '../../../shared/contract/ws-binary.ts';
import { contractSocketPath, type WsServerMessage } from '../../../shared/contract/ws-protocol.ts';

/** State of the browser-mode connection to the app server. */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting';

/** A bridge over the contract WebSocket, plus its connection state for the status bar. */
export interface WebSocketBridge {
  bridge: MdeBridge;
  state(): ConnectionState;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
}

const callTimeoutMs = 30_000;

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
export function createWebSocketBridge(socketUrl = defaultSocketUrl()): WebSocketBridge {
  const pending = new Map<number, { channel: string; resolve: (result: ContractResult<unknown>) => void }>();
  const listeners = createEventListeners();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  let state: ConnectionState = 'connecting';
  let socket: WebSocket | null = null;
  let nextId = 1;
  let backoffMs = 500;
  let waiters: (() => void)[] = [];

  const setState = (next: ConnectionState): void => {
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  const connect = (): void => {
    const ws = new WebSocket(socketUrl);
    // Events that carry frame buffers arrive as binary messages; keep them as ArrayBuffers.
    ws.binaryType = 'arraybuffer';
    socket = ws;
    ws.onopen = () => {
      backoffMs = 500;
      setState('open');
      const ready = waiters;
      waiters = [];
      for (const wake of ready) wake();
    };
    ws.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
      const message = typeof event.data === 'string' ? (JSON.parse(event.data) as WsServerMessage) : decodeBinaryEvent(event.data);
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
      setState('reconnecting');
      setTimeout(connect, backoffMs);
      backoffMs = Math.min(backoffMs * 2, 5000);
    };
  };
  connect();

  const whenOpen = (): Promise<boolean> =>
    socket?.readyState === WebSocket.OPEN
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
  };
}

function defaultSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${contractSocketPath}`;
}
