import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from '../shared/contract/bridge.ts';
import type { ContractResult } from '../shared/contract/errors.ts';
import { ipcEventChannel, ipcInvokeChannel } from '../shared/contract/ipc-channels.ts';
import type { Subscribe } from '../shared/contract/types.ts';

// The preload is the only place that touches ipcRenderer. It exposes one object, `window.mde`,
// shaped like the domain (`mde.settings.get()`), and nothing else.

const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(ipcEventChannel, (_event, name: string, payload: unknown) => {
  for (const listener of listeners.get(name) ?? []) listener(payload);
});

const on: Subscribe = (event, listener) => {
  const set = listeners.get(event) ?? new Set();
  listeners.set(event, set);
  const wrapped = listener as (payload: unknown) => void;
  set.add(wrapped);
  return () => set.delete(wrapped);
};

const invoke = (channel: string, input: unknown): Promise<ContractResult<unknown>> =>
  ipcRenderer.invoke(ipcInvokeChannel, channel, input) as Promise<ContractResult<unknown>>;

contextBridge.exposeInMainWorld('mde', createBridge(invoke, on));
