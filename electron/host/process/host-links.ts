import type { HostMessage, MessageLink } from './host-protocol.ts';

/** The Electron MessagePort a utility process is handed (only what the host uses of it). */
export interface UtilityPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  off(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  start(): void;
}

/** The host's end over an Electron MessagePort brokered by the shell. */
export function utilityPortLink(port: UtilityPort): MessageLink<HostMessage> {
  port.start();
  return {
    send: (message) => port.postMessage(message),
    onMessage: (listener) => {
      const onMessage = (event: { data: unknown }): void => listener(event.data);
      port.on('message', onMessage);
      return () => port.off('message', onMessage);
    },
  };
}

/** A Node child process's IPC channel to its parent (only what the host uses of it). */
export interface ParentChannel {
  send?: (message: unknown) => boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
  readonly connected?: boolean;
}

/** The host's end over Node's IPC to the parent (browser mode); messages after the parent is gone are dropped. */
export function nodeParentLink(channel: ParentChannel): MessageLink<HostMessage> {
  return {
    send: (message) => {
      if (channel.connected === true) channel.send?.(message);
    },
    onMessage: (listener) => {
      channel.on('message', listener);
      return () => channel.off('message', listener);
    },
  };
}
