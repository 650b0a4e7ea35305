import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportWorkerEntry } from '../../../electron/host/export/export-worker-client.ts';

describe('the export worker is found in a build', () => {
  it('is its own bundle beside the main bundle, under the name the build gives it', () => {
    expect(exportWorkerEntry('file:///app/out/main/index.js')).toMatchObject({ kind: 'file', url: new URL('file:///app/out/main/export-worker.js') });
    expect(exportWorkerEntry('file:///app/out/main/chunks/x.js')).toMatchObject({ kind: 'file', url: new URL('file:///app/out/main/export-worker.js') });
    const config = readFileSync(join(import.meta.dirname, '../../../electron.vite.config.ts'), 'utf8');
    expect(config).toContain("'export-worker': resolve(import.meta.dirname, 'electron/host/export/export-worker.ts')");
  });
});
