import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultUserDataDir } from '../base/user-data-dir.ts';
import { UploadStore } from './upload-store.ts';
import { nodeHostSpawner } from '../host/process/node-host-process.ts';
import { ServiceHostConnection } from '../host/process/service-host-connection.ts';
import { startBrowserServer } from './browser-server.ts';
import { uploadRoute } from './upload-route.ts';

/**
 * Browser mode: serves the built renderer and the contract WebSocket on 127.0.0.1, with the
 * services in a child process under plain Node. `npm start` runs this when no Electron runtime is available.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env['MDE_PORT'] ?? '0' },
      'user-data-dir': { type: 'string' },
      'renderer-dir': { type: 'string' },
    },
    allowPositionals: false,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a TCP port number (0 to 65535), not "${values.port}"`);
  }
  const userDataDir = values['user-data-dir'] ?? defaultUserDataDir();
  const rendererDir = values['renderer-dir'] ?? fileURLToPath(new URL('../../out/renderer', import.meta.url));
  // Every service runs in its own process (the same host the Electron app runs in a utility
  // process); this one only serves the page, the uploads and the contract socket, so it answers
  // the window however busy the services are.
  const services = new ServiceHostConnection(nodeHostSpawner({ userDataDir, mode: 'browser', electronVersion: null, canPickFiles: false, valuesAsJson: true }), {
    onCrash: (how, restarting) => console.error(`[mde] the services process stopped (${how}); ${restarting ? 'starting it again' : 'it keeps stopping, so it is not started again: restart the app'}`),
  });
  // Files a page chooses or drops are streamed here (a browser gives no paths), then granted.
  const uploads = new UploadStore({ dir: join(userDataDir, 'uploads') });
  const server = await startBrowserServer({
    contract: services,
    rendererDir,
    port,
    upload: uploadRoute(uploads, (paths) => services.grantUploads(paths)),
  });
  console.log(`Market Data Explorer is serving browser mode at ${server.origin}`);
  console.log(`Open: ${server.url}`);
  console.log(`User data: ${userDataDir}   (Ctrl+C stops)`);

  const shutdownDeadlineMs = 3_000;
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    // Stop within a few seconds even if a long load is still winding down in a worker.
    const deadline = new Promise((resolve) => setTimeout(resolve, shutdownDeadlineMs).unref());
    void Promise.race([Promise.allSettled([server.close(), services.close(shutdownDeadlineMs - 500), uploads.close()]), deadline]).then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`mde browser mode: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
