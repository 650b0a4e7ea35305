import { BrowserWindow, shell, type WebContents } from 'electron';
import { isTrustedRendererUrl } from './trusted-origin.ts';

/** Where the window's files are and what it loads. */
export interface WindowOptions {
  preloadPath: string;
  entryUrl: string;
  devServerUrl: string | undefined;
}

/**
 * The one window factory: context isolation, sandbox, no Node integration, no new windows, no
 * navigation away from the app. External https links go to the system browser.
 */
export function createMainWindow(options: WindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    show: false,
    backgroundColor: '#0b0e13',
    title: 'Market Data Explorer',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  guardWebContents(window.webContents, options.devServerUrl);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.entryUrl);
  return window;
}

/** Denies pop-ups and navigation away from the app; hands https links to the system browser. */
export function guardWebContents(contents: WebContents, devServerUrl: string | undefined): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternalIfSafe(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedRendererUrl(url, devServerUrl)) {
      event.preventDefault();
      openExternalIfSafe(url);
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedRendererUrl(url, devServerUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function openExternalIfSafe(url: string): void {
  try {
    if (new URL(url).protocol === 'https:') void shell.openExternal(url);
  } catch {
    // Not a URL: nothing to open.
  }
}
