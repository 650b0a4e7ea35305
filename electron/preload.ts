import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from '../shared/contract/bridge.ts';
import type { ContractResult } from '../shared/contract/errors.ts';
import { createEventListeners } from '../shared/contract/event-listeners.ts';
import { ipcEventChannel, ipcInvokeChannel } from '../shared/contract/ipc-channels.ts';

// The preload is the only place that touches ipcRenderer. It exposes one object, `window.mde`,
// shaped like the domain (`mde.settings.get()`), and nothing else.

const listeners = createEventListeners();

ipcRenderer.on(ipcEventChannel, (_event, name: string, payload: unknown) => listeners.deliver(name, payload));

const invoke = (channel: string, input: unknown): Promise<ContractResult<unknown>> =>
  ipcRenderer.invoke(ipcInvokeChannel, channel, input) as Promise<ContractResult<unknown>>;

contextBridge.exposeInMainWorld('mde', createBridge(invoke, listeners.on));
