/**
 * The renderer dev server to load instead of the built files, or undefined. Only an unpackaged
 * app (`electron-vite dev`) honours `ELECTRON_RENDERER_URL`: in a packaged app anyone who can set
 * the environment could otherwise point the window, and the IPC sender check, at their own page.
 */
export function rendererDevServerUrl(isPackaged: boolean, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (isPackaged) return undefined;
  const url = env['ELECTRON_RENDERER_URL'];
  return url === undefined || url === '' ? undefined : url;
}
