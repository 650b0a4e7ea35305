import { net, protocol } from 'electron';
import { resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy } from '../../shared/content-security-policy.ts';
import { appScheme } from './trusted-origin.ts';

/** Declares `app://` as a secure standard scheme; must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Serves the built renderer under `app://mde/` with the strict CSP as a response header.
 * Paths that escape the renderer folder are refused.
 */
export function serveRendererOverAppScheme(rendererDir: string): void {
  const root = resolve(rendererDir);
  protocol.handle(appScheme, async (request) => {
    const { pathname } = new URL(request.url);
    const file = resolve(root, `.${decodeURIComponent(pathname === '/' ? '/index.html' : pathname)}`);
    if (file !== root && !file.startsWith(root + sep)) {
      return new Response('Forbidden', { status: 403 });
    }
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicy);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
