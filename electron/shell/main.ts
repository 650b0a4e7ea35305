import { app, session, type BrowserWindow } from 'electron';
import { fileURLToPath } from 'node:url';
import { ServiceHostConnection } from '../host/process/service-host-connection.ts';
import { registerAppScheme, serveRendererOverAppScheme } from './app-protocol.ts';
import { rendererDevServerUrl } from './dev-server.ts';
import { pickSnapshotFiles } from './file-dialog.ts';
import { forwardEvents, registerContractIpc } from './ipc-main.ts';
import { secondInstanceHandler } from './single-instance.ts';
import { isTrustedRendererUrl, rendererEntryUrl } from './trusted-origin.ts';
import { utilityHostSpawner } from './utility-service-host.ts';
import { createMainWindow } from './window.ts';

// The thin Electron shell: window, protocol, IPC and the native dialog. Every service runs in the
// service host, a utility process (electron/host/process/).
// The dev server decides the entry URL, the navigation guard and the IPC sender check, so it is
// read once, and never in a packaged app.
const devServerUrl = rendererDevServerUrl(app.isPackaged, process.env);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  void app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    serveRendererOverAppScheme(fileURLToPath(new URL('../renderer', import.meta.url)));

    let mainWindow: BrowserWindow | null = null;
    // Every service runs in a utility process; this process only keeps the window, its IPC and the
    // native dialog, so it answers the window however busy the services are.
    const services = new ServiceHostConnection(
      utilityHostSpawner(fileURLToPath(new URL('./service-host.js', import.meta.url)), {
        userDataDir: app.getPath('userData'),
        mode: 'electron',
        electronVersion: process.versions.electron,
        canPickFiles: true,
      }),
      {
        pickFiles: () => pickSnapshotFiles(mainWindow),
        onCrash: (how, restarting) => console.error(`[mde] the services process stopped (${how})${restarting ? '; starting it again' : ''}`),
      },
    );
    registerContractIpc(services, (event) => event.senderFrame !== null && isTrustedRendererUrl(event.senderFrame.url, devServerUrl));

    const open = (): void => {
      const window = createMainWindow({
        preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
        entryUrl: rendererEntryUrl(devServerUrl),
        devServerUrl,
      });
      forwardEvents(services.events, window.webContents);
      mainWindow = window;
    };
    open();
    app.on('second-instance', secondInstanceHandler(() => mainWindow, open));
    app.on('window-all-closed', () => {
      void services.close().finally(() => app.quit());
    });
  });
}
