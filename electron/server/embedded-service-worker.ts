import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedService, type EmbeddedService } from './embedded-service.ts';
import { embeddedThreadOptionsOf, type EmbeddedThreadReply } from './embedded-thread-protocol.ts';

// The embedded local service in its own thread: decoding hours, building rows and rebuilding
// books for its answers never hold up the services' event loop (which answers the window).

const port = parentPort;
if (port === null) throw new Error('embedded-service-worker runs as a worker thread');
const send = (reply: EmbeddedThreadReply): void => port.postMessage(reply);
const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function main(): Promise<void> {
  if (port === null) return;
  let service: EmbeddedService;
  try {
    service = await startEmbeddedService(embeddedThreadOptionsOf(workerData));
  } catch (error) {
    send({ type: 'failed', message: errorText(error) });
    return;
  }
  send({ type: 'started', baseUrl: service.baseUrl, contents: service.directory?.contents() ?? null });
  port.on('message', (message: unknown) => {
    const type: unknown = typeof message === 'object' && message !== null ? Reflect.get(message, 'type') : undefined;
    const id: unknown = typeof message === 'object' && message !== null ? Reflect.get(message, 'id') : undefined;
    if (type === 'scan' && typeof id === 'number') {
      const directory = service.directory;
      void (directory === null ? Promise.resolve() : directory.scan()).then(
        () => send({ type: 'scanned', id, contents: directory?.contents() ?? null }),
        (error: unknown) => send({ type: 'scan-failed', id, message: errorText(error) }),
      );
    } else if (type === 'close') {
      void service.close().finally(() => {
        send({ type: 'closed' });
        port.close();
      });
    }
  });
}

void main();
