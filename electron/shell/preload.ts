import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge } from '../../shared/contract/bridge.ts';
import type { ContractResult } from '../../shared/contract/errors.ts';
import { createEventListeners } from '../../shared/contract/event-listeners.ts';
import { ipcEventChannel, ipcInvokeChannel } from '../../shared/contract/ipc-channels.ts';
import { withDroppedFiles } from './dropped-files.ts';

// The preload is the only place that touches ipcRenderer. It exposes one object, `window.mde`,
// shaped like the domain (`mde.settings.get()`), and nothing else. Dropped files are the one
// method it adapts: the renderer hands over Files, the preload reads their paths.

const listeners = createEventListeners();

ipcRenderer.on(ipcEventChannel, (_event, name: string, payload: unknown) => listeners.deliver(name, payload));

const invoke = (channel: string, input: unknown): Promise<ContractResult<unknown>> =>
  ipcRenderer.invoke(ipcInvokeChannel, channel, input) as Promise<ContractResult<unknown>>;

contextBridge.exposeInMainWorld('mde', withDroppedFiles(createBridge(invoke, listeners.on), (file) => webUtils.getPathForFile(file), invoke));
