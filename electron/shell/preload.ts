import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge } from '../../shared/contract/bridge.ts';
import { contractResultOf } from '../../shared/contract/contract-result.ts';
import type { ContractResult } from '../../shared/contract/errors.ts';
import { createEventListeners } from '../../shared/contract/event-listeners.ts';
import { ipcEventChannel, ipcInvokeChannel } from '../../shared/contract/ipc-channels.ts';
import { withDroppedFiles } from './dropped-files.ts';

// The preload is the only place that touches ipcRenderer. It exposes one object, `window.mde`,
// shaped like the domain (`mde.settings.get()`), and nothing else. Dropped files are the one
// method it adapts: the renderer hands over Files, the preload reads their paths.

const listeners = createEventListeners();

ipcRenderer.on(ipcEventChannel, (_event, name: string, payload: unknown) => listeners.deliver(name, payload));

const invoke = async (channel: string, input: unknown): Promise<ContractResult<unknown>> => {
  const reply: unknown = await ipcRenderer.invoke(ipcInvokeChannel, channel, input);
  return (
    contractResultOf(reply, channel) ?? {
      ok: false,
      error: { kind: 'internal', message: 'The main process sent a reply this window cannot read', resolution: 'Restart the app so the window and the main process run the same version.', channel },
    }
  );
};

contextBridge.exposeInMainWorld('mde', withDroppedFiles(createBridge(invoke, listeners.on), (file) => webUtils.getPathForFile(file), invoke));
