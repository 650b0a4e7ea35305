import { hostStartOf, type HostMessage, type HostStart, type MessageLink } from './host-protocol.ts';
import { nodeParentLink, utilityPortLink, type UtilityPort } from './host-links.ts';
import { runServiceHost } from './service-host.ts';

// The service host process's entry: an Electron utility process (its first message from the
// parent port carries the start options and the MessagePort the shell brokered), or a Node child
// process in browser mode (its first IPC message carries the start options). Either way it runs
// every service and answers the contract over that channel.

const log = (message: string, error: unknown): void => console.error(`[mde services] ${message}:`, error instanceof Error ? error.message : error);

interface ParentPortLike {
  once(event: 'message', listener: (event: { data: unknown; ports: UtilityPort[] }) => void): unknown;
}

function isParentPort(value: unknown): value is ParentPortLike {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'once') === 'function';
}

function startOf(data: unknown): HostStart {
  const start = hostStartOf(typeof data === 'object' && data !== null ? Reflect.get(data, 'start') : undefined);
  if (start === null) throw new Error('The service host was started without valid start options');
  return start;
}

function begin(start: HostStart, link: MessageLink<HostMessage>): void {
  const host = runServiceHost(start, link, () => process.exit(0), log);
  // The front went away without a `close` (it crashed or was killed): stop cleanly, then exit.
  const stop = (): void => {
    void host.close().finally(() => process.exit(0));
  };
  process.once('disconnect', stop);
  process.once('SIGTERM', stop);
  // Ctrl+C in a terminal reaches the whole process group: the front decides when the host stops.
  process.on('SIGINT', () => {});
}

const parentPort: unknown = Reflect.get(process, 'parentPort');
if (isParentPort(parentPort)) {
  parentPort.once('message', (event) => {
    const port = event.ports[0];
    if (port === undefined) throw new Error('The service host was started without its MessagePort');
    begin(startOf(event.data), utilityPortLink(port));
  });
} else if (typeof process.send === 'function') {
  const first = (message: unknown): void => {
    process.off('message', first);
    begin(startOf(message), nodeParentLink(process));
  };
  process.on('message', first);
} else {
  console.error('The service host runs as an Electron utility process or a Node child process with IPC; start the app with "npm start".');
  process.exit(2);
}
