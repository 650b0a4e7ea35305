import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createApi, createBridge } from '../../../../shared/contract/bridge.ts';
import type { ContractResult } from '../../../../shared/contract/errors.ts';
import type { MdeApi, Subscribe } from '../../../../shared/contract/types.ts';
import { startBrowserServer } from '../../../../electron/browser-mode/browser-server.ts';
import { inProcessEndpoint } from '../../../../electron/host/contract/contract-endpoint.ts';
import { dispatch } from '../../../../electron/host/contract/dispatch.ts';
import { EventHub } from '../../../../electron/host/contract/event-hub.ts';
import type { ContractHandlers } from '../../../../electron/host/contract/handlers.ts';
import { createWebSocketBridge } from '../../../../renderer/src/transport/ws-bridge.ts';

const noEvents: Subscribe = () => () => {};

/**
 * The renderer's API over the Electron path: dispatch as `ipcMain.handle` runs it, the result
 * structured-cloned as IPC does, then the preload's bridge and `createApi`.
 */
export function ipcApi(handlers: ContractHandlers): MdeApi {
  const invoke = async (channel: string, input: unknown): Promise<ContractResult<unknown>> => structuredClone(await dispatch(handlers, channel, input));
  return createApi(createBridge(invoke, noEvents));
}

/** The renderer's API over browser mode: the real app server, and the renderer's own WebSocket bridge. */
export interface WebSocketApi {
  api: MdeApi;
  close(): Promise<void>;
}

/** Starts the browser-mode server over `handlers` and connects the renderer's WebSocket bridge to it. */
export async function webSocketApi(handlers: ContractHandlers): Promise<WebSocketApi> {
  const rendererDir = await mkdtemp(join(tmpdir(), 'mde-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>renderer fixture</title>');
  const server = await startBrowserServer({ contract: inProcessEndpoint(handlers, new EventHub()), rendererDir });
  const headers = { origin: server.origin, cookie: `mde_token_${server.port}=${server.token}` };
  const ws = createWebSocketBridge(`ws://127.0.0.1:${server.port}/contract`, (url) => new WebSocket(url, { headers }));
  return {
    api: createApi(ws.bridge),
    close: async () => {
      ws.close();
      await server.close();
      await rm(rendererDir, { recursive: true, force: true });
    },
  };
}
