import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseRuntime, downloadElectron, findElectronBinary, missingDisplayReason } from '../../../scripts/electron-runtime.mjs';
import { useTempDirs } from '../../support/temp-dir.ts';

async function fakeElectronPackage(root: string, installer: string, downloaded = false): Promise<void> {
  const dir = join(root, 'node_modules', 'electron');
  await mkdir(join(dir, 'dist'), { recursive: true });
  await writeFile(join(dir, 'package.json'), '{"name":"electron","version":"0.0.0"}');
  await writeFile(join(dir, 'install.js'), installer);
  if (downloaded) {
    await writeFile(join(dir, 'path.txt'), 'electron');
    await writeFile(join(dir, 'dist', 'electron'), '');
  }
}

describe('npm start finds or fetches the Electron runtime, else falls back to browser mode', () => {
  const tempDir = useTempDirs();
  const env = { DISPLAY: ':0' };

  it('uses --browser when given, whatever is installed', async () => {
    const root = await tempDir();
    await fakeElectronPackage(root, '', true);
    expect(await chooseRuntime({ root, browserFlag: true, env })).toEqual({ kind: 'browser', why: '--browser was given' });
  });

  it('says the package is missing when npm ci was not run', async () => {
    const root = await tempDir();
    expect(findElectronBinary(root)).toMatchObject({ ok: false, downloadable: false, reason: expect.stringContaining('npm ci') as string });
  });

  it('tries the download on first start and falls back with its reason when it fails', async () => {
    const root = await tempDir();
    await fakeElectronPackage(root, "console.error('RequestError: getaddrinfo ENOTFOUND release-host'); process.exit(1);");
    let started = 0;
    const runtime = await chooseRuntime({ root, browserFlag: false, env, onDownloadStart: () => started++ });
    expect(started).toBe(1);
    expect(runtime).toEqual({
      kind: 'browser',
      why: 'the Electron runtime is not installed and its download failed (RequestError: getaddrinfo ENOTFOUND release-host)',
    });
  });

  it('opens Electron once the download succeeds', async () => {
    const root = await tempDir();
    const installer = [
      "const fs = require('node:fs'); const path = require('node:path');",
      "fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');",
      "fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '');",
    ].join('\n');
    await fakeElectronPackage(root, installer);
    await writeFile(join(root, 'node_modules', 'electron', 'package.json'), '{"name":"electron","type":"commonjs"}');
    expect(await chooseRuntime({ root, browserFlag: false, env })).toEqual({
      kind: 'electron',
      binary: join(root, 'node_modules', 'electron', 'dist', 'electron'),
    });
  });

  it('does not download when ELECTRON_SKIP_BINARY_DOWNLOAD=1, and says so', async () => {
    const root = await tempDir();
    await fakeElectronPackage(root, 'process.exit(3)');
    const runtime = await chooseRuntime({ root, browserFlag: false, env: { ...env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    expect(runtime).toMatchObject({ kind: 'browser', why: expect.stringContaining('ELECTRON_SKIP_BINARY_DOWNLOAD=1') as string });
  });

  it('bounds a download that hangs (a proxy that never answers)', async () => {
    const root = await tempDir();
    await fakeElectronPackage(root, 'setTimeout(() => {}, 60000);');
    const result = await downloadElectron(root, 300);
    expect(result).toEqual({ ok: false, reason: 'the download did not finish within 0.3 s' });
  });

  it('serves browser mode on Linux without a display, never on macOS', async () => {
    const root = await tempDir();
    await fakeElectronPackage(root, '', true);
    const runtime = await chooseRuntime({ root, browserFlag: false, env: {}, platform: 'linux' });
    expect(runtime).toMatchObject({ kind: 'browser', why: expect.stringContaining('no graphical display') as string });
    expect(missingDisplayReason({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBeNull();
    expect(missingDisplayReason({}, 'darwin')).toBeNull();
  });
});
