// Bundles the `mde` command line into out/cli/ with esbuild: one ESM entry, a chunk per command
// (loaded only when that command runs), and the worker threads the commands start, under the
// same file names the app's build gives them (workers are found beside the entry). Packages stay
// in node_modules. Run by scripts/mde.mjs when the bundle is older than its sources.
import { build } from 'esbuild';
import { join } from 'node:path';

/** The entries: the CLI and every worker a command may start. */
const entries = {
  mde: 'electron/cli/mde.ts',
  'snapshot-decode-worker': 'electron/codec/decode-worker.ts',
  'book-replay-worker': 'electron/host/book/book-worker.ts',
  'file-view-worker': 'electron/host/file-view/file-view-worker.ts',
  'demo-generation-worker': 'electron/server/simulator/generation-worker.ts',
  'export-worker': 'electron/host/export/export-worker.ts',
  'download-verify-worker': 'electron/host/downloads/verify-worker.ts',
};

/**
 * Builds the CLI bundle under `root`/out/cli.
 * @param {string} root the project folder
 */
export async function buildCli(root) {
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(root, file)])),
    outdir: join(root, 'out', 'cli'),
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

// `node scripts/build-cli.mjs`: build now (npm run build calls it after the app's bundles).
if (import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1] ?? '').href) {
  await buildCli(join(import.meta.dirname, '..'));
}
