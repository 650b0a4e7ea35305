import { createApi } from '../../../shared/contract/bridge.ts';
import type { MdeApi, MdeBridge } from '../../../shared/contract/types.ts';
import { contractSocketPath } from '../../../shared/contract/ws-protocol.ts';
import { createWebSocketBridge, type ConnectionState } from './ws-bridge.ts';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    readonly mde?: MdeBridge;
  }
}

/** The renderer's link to the main process, whichever transport carries it. */
export interface Connection {
  api: MdeApi;
  transport: 'ipc' | 'websocket';
  state(): ConnectionState;
  onStateChange(listener: (state: ConnectionState) => void): () => void;
}

/** Uses the preload's bridge inside Electron, else the browser-mode WebSocket. */
export function connect(): Connection {
  const preloaded = window.mde;
  if (preloaded !== undefined) {
    return { api: createApi(preloaded), transport: 'ipc', state: () => 'open', onStateChange: () => () => {} };
  }
  const ws = createWebSocketBridge(defaultSocketUrl());
  return {
    api: createApi(ws.bridge),
    transport: 'websocket',
    state: () => ws.state(),
    onStateChange: (listener) => ws.onStateChange(listener),
  };
}

function defaultSocketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}${contractSocketPath}`;
}
