import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

// One build tool for all three bundles: main (Node, ESM), preload (sandboxed, so CommonJS with
// every dependency bundled in) and the React renderer.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'electron/shell/main.ts'),
          // Worker threads are their own entries, found beside the main bundle at run time.
          'snapshot-decode-worker': resolve(import.meta.dirname, 'electron/codec/decode-worker.ts'),
          'book-replay-worker': resolve(import.meta.dirname, 'electron/host/book/book-worker.ts'),
          'file-view-worker': resolve(import.meta.dirname, 'electron/host/file-view/file-view-worker.ts'),
          'demo-generation-worker': resolve(import.meta.dirname, 'electron/server/simulator/generation-worker.ts'),
          'export-worker': resolve(import.meta.dirname, 'electron/host/export/export-worker.ts'),
          'research-worker': resolve(import.meta.dirname, 'electron/host/research/research-worker.ts'),
          'download-verify-worker': resolve(import.meta.dirname, 'electron/host/downloads/verify-worker.ts'),
          'embedded-service-worker': resolve(import.meta.dirname, 'electron/server/embedded-service-worker.ts'),
          // The service host runs in a utility process, started by the shell.
          'service-host': resolve(import.meta.dirname, 'electron/host/process/service-host-main.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/shell/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    plugins: [react()],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      minify: true,
      sourcemap: true,
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
  },
});
