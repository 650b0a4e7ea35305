import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

// Builds the heatmap harness page (test/bench/heatmap-harness.html, which mounts
// `LiquidityHeatmap` alone on a simulated book) into a folder and serves it on loopback, for the
// heatmap benchmark and for screenshots. The app's own build never includes it.

const root = join(import.meta.dirname, '..', '..');

/** A served harness build. */
export interface HarnessServer {
  /** URL of the harness page; add `?scenario=…&frames=…`. */
  url: string;
  stop: () => Promise<void>;
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** Builds the harness into `outDir` (production mode, minified) and serves it. */
export async function serveHeatmapHarness(outDir: string): Promise<HarnessServer> {
  await build({
    root,
    base: './',
    logLevel: 'warn',
    configFile: false,
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: true, rolldownOptions: { input: join(root, 'test', 'bench', 'heatmap-harness.html') } },
  });
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)).replace(/^([/\\])+/, '');
    const file = join(outDir, path === '' ? 'test/bench/heatmap-harness.html' : path);
    if (!file.startsWith(outDir)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/test/bench/heatmap-harness.html`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
