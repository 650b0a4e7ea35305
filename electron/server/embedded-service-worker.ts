import { serveWorker } from '../base/workers/serve-worker.ts';
import { startEmbeddedService, type EmbeddedService } from './embedded-service.ts';
import type { EmbeddedThreadProtocol } from './embedded-thread-protocol.ts';

// The embedded local service in its own thread: decoding hours, building rows and rebuilding
// books for its answers never hold up the services' event loop (which answers the window).
let service: EmbeddedService | null = null;

function started(): EmbeddedService {
  if (service === null) throw new Error('The embedded service has not started');
  return service;
}

serveWorker<EmbeddedThreadProtocol>({
  calls: {
    start: async (options) => {
      const running = await startEmbeddedService(options);
      service = running;
      return { baseUrl: running.baseUrl, contents: running.directory?.contents() ?? null };
    },
    scan: async () => {
      const directory = started().directory;
      await directory?.scan();
      return directory?.contents() ?? null;
    },
    close: () => started().close(),
  },
});
