import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileGrants } from '../../shared/contract/file-schemas.ts';
import type { FileViewProgress } from '../../shared/contract/file-view-schemas.ts';
import { startBrowserServer, type BrowserServer } from '../../electron/browser-mode/browser-server.ts';
import { inProcessEndpoint } from '../../electron/host/contract/contract-endpoint.ts';
import { capText, uploadRoute } from '../../electron/browser-mode/upload-route.ts';
import { dispatch } from '../../electron/host/contract/dispatch.ts';
import { UploadStore } from '../../electron/browser-mode/upload-store.ts';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { hourOfEvents, writeSnapshotFile } from '../support/book-files.ts';
import { useTempDirs } from '../support/temp-dir.ts';

const cap = 64 * 1024;

describe('browser mode takes a chosen file as a streamed upload', () => {
  const tempDir = useTempDirs();
  let services: MainServices;
  let server: BrowserServer;
  let uploads: UploadStore;

  beforeEach(async () => {
    const rendererDir = join(await tempDir(), 'renderer');
    await mkdir(rendererDir);
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html>');
    services = createMainServices({ userDataDir: await tempDir(), mode: 'browser', healthIntervalMs: 0 });
    uploads = new UploadStore({ dir: join(await tempDir(), 'uploads'), maxBytes: cap, keep: 2 });
    server = await startBrowserServer({ contract: inProcessEndpoint(services.handlers, services.events), rendererDir, upload: uploadRoute(uploads, (paths) => services.files.grant(paths, 'upload')) });
  });

  afterEach(async () => {
    await server.close();
    await services.close();
    await uploads.close();
  });

  const post = (body: BodyInit, init: { name?: string; token?: string | null; headers?: Record<string, string> } = {}): Promise<Response> => {
    const token = init.token === undefined ? server.token : init.token;
    return fetch(`${server.origin}/files/upload?name=${encodeURIComponent(init.name ?? 'hour.jsonl.zst')}`, {
      method: 'POST',
      body,
      headers: { ...(token === null ? {} : { cookie: `mde_token_${server.port}=${token}` }), ...init.headers },
      duplex: 'half',
    } as RequestInit);
  };
  /** A body sent in chunks with no length, so only the stream's own count can stop it. */
  const chunked = (bytes: number): ReadableStream<Uint8Array> => {
    let sent = 0;
    return new ReadableStream({
      pull(controller) {
        if (sent >= bytes) return controller.close();
        const chunk = new Uint8Array(Math.min(8192, bytes - sent)).fill(0x61);
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
  };

  it('grants an uploaded file, which then opens in the viewer like any other', async () => {
    const hour = { source: 'binance', market: 'BTC-USDT', hour: Date.UTC(2024, 2, 10, 7) };
    const path = await writeSnapshotFile(await tempDir(), hour, hourOfEvents(hour, 5, 40));
    const bytes = await readFile(path);
    expect(bytes.length).toBeLessThan(cap);
    const response = await post(bytes, { name: 'my hour.jsonl.zst' });
    expect(response.status).toBe(200);
    const { files } = (await response.json()) as FileGrants;
    expect(files).toEqual([{ fileId: expect.any(String) as unknown, name: 'my_hour.jsonl.zst', bytes: bytes.length }]);

    const ended = new Promise<FileViewProgress>((resolve) =>
      services.events.attach((event, payload) => {
        if (event === 'files.viewProgress' && (payload as FileViewProgress).state !== 'reading') resolve(payload as FileViewProgress);
      }),
    );
    const opened = await dispatch(services.handlers, 'files.openView', { fileId: files[0]?.fileId });
    expect(opened.ok).toBe(true);
    const end = await ended;
    expect(end.state).toBe('done');
    expect(end.summary.countsByType).toEqual({ orderbook: 40, trade: 1 });
  });

  it('refuses an upload without the token', async () => {
    const response = await post(new Uint8Array(10), { token: null });
    expect(response.status).toBe(401);
    expect(await readdir(uploads.dir).catch(() => [])).toEqual([]);
  });

  it('refuses a declared size over the cap before reading it, and says the cap', async () => {
    const response = await post(new Uint8Array(cap + 1));
    expect(response.status).toBe(413);
    const body = (await response.json()) as { message: string; resolution: string };
    expect(body.message).toBe('The file is larger than 64 KiB, the most browser mode takes');
    expect(body.resolution).toContain('desktop app');
  });

  it('answers a declared size over the cap at once, without waiting for the body', async () => {
    const { request } = await import('node:http');
    // Claims one byte over the cap, sends ten, and waits: only a check of the declared size answers.
    const status = await new Promise<number>((resolve, reject) => {
      const sending = request(`${server.origin}/files/upload?name=a.jsonl.zst`, { method: 'POST', headers: { cookie: `mde_token_${server.port}=${server.token}`, 'content-length': String(cap + 1) } }, (response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
      });
      sending.on('error', reject);
      sending.write(new Uint8Array(10));
      setTimeout(() => reject(new Error('no answer while the body was still coming')), 3000).unref();
    });
    expect(status).toBe(413);
  });

  it('cuts off a streamed body at the cap and deletes what was written', async () => {
    const response = await post(chunked(cap * 4));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toContain('64 KiB');
    expect(await readdir(uploads.dir)).toEqual([]);
    // Exactly the cap is still taken.
    expect((await post(chunked(cap))).status).toBe(200);
  });

  it('keeps only the last uploads', async () => {
    for (let i = 0; i < 3; i++) expect((await post(new Uint8Array(100).fill(i))).status).toBe(200);
    expect(await readdir(uploads.dir)).toHaveLength(2);
  });

  it('grants every one of 64 uploads sent 8 at a time: the keep-newest cleanup never removes one before it is granted', async () => {
    const statuses: number[] = [];
    for (let batch = 0; batch < 8; batch++) {
      const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => post(new Uint8Array(100).fill(batch * 8 + i), { name: `hour-${batch}-${i}.jsonl.zst` })));
      for (const response of responses) {
        statuses.push(response.status);
        await response.body?.cancel();
      }
    }
    expect(statuses).toEqual(new Array<number>(64).fill(200));
    expect(await readdir(uploads.dir)).toHaveLength(2);
  });

  it('words caps as people read them', () => {
    expect([capText(1024 ** 3), capText(256 * 1024 ** 2), capText(64 * 1024), capText(1536), capText(10)]).toEqual(['1 GiB', '256 MiB', '64 KiB', '1.5 KiB', '10 bytes']);
  });
});
