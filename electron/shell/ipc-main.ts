import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { ipcEventChannel, ipcInvokeChannel } from '../../shared/contract/ipc-channels.ts';
import type { ContractResult } from '../../shared/contract/errors.ts';
import type { ContractEndpoint } from '../host/contract/contract-endpoint.ts';
import type { EventHub } from '../host/contract/event-hub.ts';

/**
 * The only place that touches `ipcMain`: registers the contract's invoke channel, refusing calls
 * from any frame that is not the app's own, and forwards hub events to a window.
 */
export function registerContractIpc(contract: ContractEndpoint, isTrustedSender: (event: IpcMainInvokeEvent) => boolean): () => void {
  ipcMain.handle(ipcInvokeChannel, async (event, channel: unknown, input: unknown): Promise<ContractResult<unknown>> => {
    if (!isTrustedSender(event)) {
      return {
        ok: false,
        error: {
          kind: 'invalid-request',
          message: 'Refused a contract call from a frame that is not the app',
          resolution: 'Only the app window may call the main process.',
          channel: typeof channel === 'string' ? channel : null,
        },
      };
    }
    return contract.call(channel, input);
  });
  return () => ipcMain.removeHandler(ipcInvokeChannel);
}

/** Forwards every hub event to one window's renderer until it is destroyed. */
export function forwardEvents(hub: EventHub, contents: WebContents): void {
  const detach = hub.attach((event, payload) => {
    if (!contents.isDestroyed()) contents.send(ipcEventChannel, event, payload);
  });
  contents.once('destroyed', detach);
}
