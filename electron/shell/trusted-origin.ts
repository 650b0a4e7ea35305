/** The scheme and host the packaged renderer is served from (`app://mde/`). */
export const appScheme = 'app';
export const appHost = 'mde';

/** The address the main window loads: the dev server in `electron-vite dev`, else `app://mde/`. */
export function rendererEntryUrl(devServerUrl: string | undefined): string {
  return devServerUrl !== undefined && devServerUrl !== '' ? devServerUrl : `${appScheme}://${appHost}/index.html`;
}

/**
 * Whether a frame URL belongs to the app itself: `app://mde/…`, or the dev server's origin while
 * developing. Custom schemes have an opaque `origin` in WHATWG URLs, so compare scheme and host.
 */
export function isTrustedRendererUrl(frameUrl: string, devServerUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    return false;
  }
  if (url.protocol === `${appScheme}:` && url.host === appHost) return true;
  if (devServerUrl !== undefined && devServerUrl !== '') {
    return url.origin === new URL(devServerUrl).origin;
  }
  return false;
}
