import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import { startHostileDownloadHost, type FaultScript, type HostileDownloadHost } from '../../support/hostile-download-host.ts';
import { useTempDirs } from '../../support/temp-dir.ts';
import { destinationIn, faultSource, filesIn, runTransfer, sha256Of, sha256OfFile } from './transfer-support.ts';

const source = faultSource();
const size = source.bytes.length;
const tempDir = useTempDirs();
let host: HostileDownloadHost | null = null;

afterEach(async () => {
  await host?.close();
  host = null;
});

async function serve(script?: FaultScript): Promise<HostileDownloadHost> {
  host = await startHostileDownloadHost(source.bytes, script);
  return host;
}

const ranges = (h: HostileDownloadHost): (string | undefined)[] => h.requests.map((request) => request.range);

describe('a cut connection is retried with Range from the bytes on disk', () => {
  for (const [label, at] of [
    ['at byte 0', 0],
    ['inside the magic', 2],
    ['mid-frame', Math.floor(size / 2)],
    ['before the last byte', size - 1],
  ] as const) {
    it(`cut ${label}: lands byte-identical after one 0.5 s backoff`, async () => {
      const folder = await tempDir();
      const h = await serve(({ index }) => (index === 0 ? [{ kind: 'cut', afterBytes: at }] : []));
      const run = await runTransfer(h, destinationIn(folder));
      expect(run.error).toBeNull();
      expect(run.result).toEqual({ bytes: size, records: source.records, sha256: source.sha256 });
      expect(await sha256OfFile(destinationIn(folder))).toBe(source.sha256);
      expect(await filesIn(folder)).toEqual([destinationIn(folder).split('/').at(-1)]);
      expect(run.sleeps).toEqual([500]);
      expect(ranges(h)).toEqual([undefined, at === 0 ? undefined : `bytes=${at}-`]);
    });
  }

  it('cut on every request, a little further each time: progress resets the retry budget and the file lands', async () => {
    const folder = await tempDir();
    const step = Math.ceil(size / 8);
    const h = await serve(({ index }) => (index < 7 ? [{ kind: 'cut', afterBytes: step }] : []));
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.result?.sha256).toBe(source.sha256);
    // Each resume starts where the bytes on disk end: after the cut, never past it, always further on.
    const starts = ranges(h).slice(1).map((range) => Number(/^bytes=(\d+)-$/.exec(range ?? '')?.[1]));
    expect(starts).toHaveLength(7);
    starts.forEach((start, i) => {
      expect(start).toBeLessThanOrEqual((i + 1) * step);
      expect(start).toBeGreaterThan(i === 0 ? 0 : (starts[i - 1] ?? 0));
    });
    expect(run.sleeps).toEqual(Array.from({ length: 7 }, () => 500));
  });

  it('a body that ends cleanly but short of its Content-Range total is a cut: resumed, not verified early', async () => {
    const folder = await tempDir();
    const h = await serve(({ index }) => (index === 1 ? [{ kind: 'short-body', bytes: 100 }] : index === 0 ? [{ kind: 'cut', afterBytes: 1000 }] : []));
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.result?.sha256).toBe(source.sha256);
    expect(ranges(h)).toEqual([undefined, 'bytes=1000-', 'bytes=1100-']);
    expect(run.verifying).toBe(1);
  });

  it('a Content-Length larger than the body sent, then a close: resumed from what arrived', async () => {
    const folder = await tempDir();
    const h = await serve(({ index }) => (index === 0 ? [{ kind: 'long-length', extra: 500 }, { kind: 'cut', afterBytes: 4000 }] : []));
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.result?.sha256).toBe(source.sha256);
    expect(ranges(h)).toEqual([undefined, 'bytes=4000-']);
  });
});

describe('5xx and unreachable hosts: backoff 0.5, 1, 2, 4, 8 s, then a typed failure', () => {
  it('500 for the first three requests: three retries with 0.5, 1 and 2 s, then the file lands', async () => {
    const folder = await tempDir();
    const h = await serve(({ index }) => (index < 3 ? [{ kind: 'status', status: 500 }] : []));
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.result?.sha256).toBe(source.sha256);
    expect(run.sleeps).toEqual([500, 1000, 2000]);
    expect(run.retries).toHaveLength(3);
    expect(run.retries[0]).toContain('HTTP 500');
  });

  it('503 forever: five retries, then "server" with nothing left behind', async () => {
    const folder = await tempDir();
    const h = await serve(() => [{ kind: 'status', status: 503 }]);
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.error?.kind).toBe('server');
    expect(run.error?.message).toContain('HTTP 503');
    expect(run.sleeps).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(h.requests).toHaveLength(6);
    expect(await filesIn(folder)).toEqual([]);
  });

  it('a host that goes silent mid-body: the idle timeout fails the attempt, and it resumes from what arrived', async () => {
    const folder = await tempDir();
    const h = await serve(({ index }) => (index === 0 ? [{ kind: 'stall', afterBytes: 5000 }] : []));
    const run = await runTransfer(h, destinationIn(folder), { dependencies: { idleTimeoutMs: 150 } });
    expect(run.result?.sha256).toBe(source.sha256);
    expect(run.retries[0]).toMatch(/no data from the download host for 150 ms/);
    expect(ranges(h)).toEqual([undefined, 'bytes=5000-']);
  });

  it('a host that refuses connections: five retries, then "network"', async () => {
    const folder = await tempDir();
    const h = await serve();
    await h.close();
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.error?.kind).toBe('network');
    expect(run.sleeps).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(await filesIn(folder)).toEqual([]);
  });
});

describe('expired URLs (403) are replaced through refreshUrl and the transfer carries on', () => {
  it('a URL older than the latest refresh: one refresh, then the whole file', async () => {
    const folder = await tempDir();
    const h = await serve();
    const stale = h.url();
    h.refresh();
    const run = await runTransfer(h, destinationIn(folder), { url: stale });
    expect(run.refreshes).toBe(1);
    expect(h.requests.map((request) => [request.status, request.generation])).toEqual([
      [403, 1],
      [200, 2],
    ]);
    expect(stale).not.toBe(h.url());
    expect(run.result?.sha256).toBe(source.sha256);
  });

  it('a URL that expires after 3000 bytes: refreshed, and resumed from byte 3000 with the new URL', async () => {
    const folder = await tempDir();
    const h = await serve();
    h.expireAfter(3000);
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.result?.sha256).toBe(source.sha256);
    expect(run.refreshes).toBe(1);
    expect(h.requests.map((request) => [request.status, request.range, request.generation])).toEqual([
      [200, undefined, 1],
      [403, 'bytes=3000-', 1],
      [206, 'bytes=3000-', 2],
    ]);
    expect(run.sleeps).toEqual([500]);
  });

  it('links that each expire after more bytes: progress resets the refresh budget, so five refreshes in all still land the file', async () => {
    const folder = await tempDir();
    const step = Math.ceil(size / 6);
    // Each link serves a sixth of the file, then the connection drops and the link is refused (403):
    // five refreshes, more than the three allowed in a row, each after bytes that moved the file on.
    const h = await serve(({ index }) => (index >= 10 ? [] : index % 2 === 0 ? [{ kind: 'cut', afterBytes: step }] : [{ kind: 'status', status: 403 }]));
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.error).toBeNull();
    expect(run.result?.sha256).toBe(source.sha256);
    expect(run.refreshes).toBe(5);
  });

  it('a URL the host always refuses: three refreshes, then "expired" with a resolution', async () => {
    const folder = await tempDir();
    const h = await serve(() => [{ kind: 'status', status: 403 }]);
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.error?.kind).toBe('expired');
    expect(run.error?.resolution).toMatch(/link/);
    expect(run.refreshes).toBe(3);
    expect(h.requests).toHaveLength(4);
    expect(await filesIn(folder)).toEqual([]);
  });

  it('a refreshUrl that cannot reach the service is retried with backoff, then the file lands', async () => {
    const folder = await tempDir();
    const h = await serve();
    const stale = h.url();
    h.refresh();
    let asked = 0;
    const run = await runTransfer(h, destinationIn(folder), {
      url: stale,
      refreshUrl: () => {
        asked++;
        return asked < 3 ? Promise.reject(new TypeError('fetch failed')) : Promise.resolve(h.url());
      },
    });
    expect(run.result?.sha256).toBe(source.sha256);
    expect(asked).toBe(3);
    expect(run.sleeps).toEqual([500, 1000]);
  });

  it('a refreshUrl the service refuses (402) fails as "refused" at once', async () => {
    const folder = await tempDir();
    const h = await serve(() => [{ kind: 'status', status: 403 }]);
    let asked = 0;
    const run = await runTransfer(h, destinationIn(folder), {
      refreshUrl: () => {
        asked++;
        return Promise.reject(new MarketDataError('payment-required', 'This dataset needs a paid plan', { status: 402, resolution: 'Upgrade the plan.', request: { method: 'GET', url: 'http://service/snapshots/download', authorization: null } }));
      },
    });
    expect(run.error?.kind).toBe('refused');
    expect(run.error?.resolution).toBe('Upgrade the plan.');
    expect(asked).toBe(1);
    expect(run.sleeps).toEqual([]);
  });
});

describe('hosts that ignore or garble Range', () => {
  it('a part from an earlier transfer and a host that ignores Range: the part is emptied and the file restarts from 0', async () => {
    const folder = await tempDir();
    const destination = destinationIn(folder);
    await writeFile(`${destination}.part`, source.bytes.subarray(0, 5000));
    const h = await serve(() => [{ kind: 'ignore-range' }]);
    const run = await runTransfer(h, destination);
    expect(run.result).toEqual({ bytes: size, records: source.records, sha256: source.sha256 });
    expect(ranges(h)).toEqual(['bytes=5000-']);
    expect(h.requests[0]?.status).toBe(200);
  });

  it('a 206 whose Content-Range starts elsewhere: restarted from 0 once', async () => {
    const folder = await tempDir();
    const destination = destinationIn(folder);
    await writeFile(`${destination}.part`, source.bytes.subarray(0, 5000));
    const h = await serve(({ index }) => (index === 0 ? [{ kind: 'wrong-range', start: 4000 }] : []));
    const run = await runTransfer(h, destination);
    expect(run.result?.sha256).toBe(source.sha256);
    expect(ranges(h)).toEqual(['bytes=5000-', undefined]);
  });

  it('a host that garbles Content-Range every time: restarted once, then "server"', async () => {
    const folder = await tempDir();
    const destination = destinationIn(folder);
    await writeFile(`${destination}.part`, source.bytes.subarray(0, 5000));
    const h = await serve(() => [{ kind: 'wrong-range', start: 7 }]);
    const run = await runTransfer(h, destination);
    expect(run.error?.kind).toBe('server');
    expect(ranges(h)).toEqual(['bytes=5000-', undefined]);
  });

  it('416 on resume: restarted from 0; a 416 whose size equals the part means the part is whole and is only verified', async () => {
    const folder = await tempDir();
    const destination = destinationIn(folder);
    await writeFile(`${destination}.part`, source.bytes.subarray(0, 5000));
    const h = await serve(({ index }) => (index === 0 ? [{ kind: 'unsatisfiable' }] : []));
    const run = await runTransfer(h, destination);
    expect(run.result?.sha256).toBe(source.sha256);
    expect(ranges(h)).toEqual(['bytes=5000-', undefined]);

    const again = await tempDir();
    await writeFile(`${destinationIn(again)}.part`, source.bytes);
    const whole = await runTransfer(h, destinationIn(again));
    expect(whole.result).toEqual({ bytes: size, records: source.records, sha256: source.sha256 });
    expect(h.requests.at(-1)).toMatchObject({ range: `bytes=${size}-`, status: 416 });
  });
});

describe('corruption: verified before landing, retried from 0 once, else nothing left', () => {
  it('bytes flipped once (a passing proxy): the whole file is fetched again and lands identical', async () => {
    const folder = await tempDir();
    const h = await serve(({ index }) => (index === 0 ? [{ kind: 'corrupt', from: 2000, to: 2010 }] : []));
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.result?.sha256).toBe(source.sha256);
    expect(ranges(h)).toEqual([undefined, undefined]);
    expect(run.retries.join(' ')).toMatch(/again/);
  });

  it('bytes flipped always: "corrupt", and neither the part nor the destination is left', async () => {
    const folder = await tempDir();
    const h = await serve(() => [{ kind: 'corrupt', from: size - 40, to: size - 30 }]);
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.error?.kind).toBe('corrupt');
    expect(h.requests).toHaveLength(2);
    expect(await filesIn(folder)).toEqual([]);
  });

  it('a body cut short with a matching Content-Length (a truncated file): "corrupt" after one retry, nothing left', async () => {
    const folder = await tempDir();
    const h = await serve(() => [{ kind: 'short-body', bytes: size - 10 }]);
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.error?.kind).toBe('corrupt');
    expect(run.error?.message).toMatch(/truncated|ends inside/);
    expect(await filesIn(folder)).toEqual([]);
  });

  it('a bad part left from an earlier transfer is dropped and the file is fetched whole', async () => {
    const folder = await tempDir();
    const destination = destinationIn(folder);
    const bad = Buffer.from(source.bytes.subarray(0, 5000));
    bad.fill(0x41, 0, 4);
    await writeFile(`${destination}.part`, bad);
    const h = await serve();
    const run = await runTransfer(h, destination);
    expect(run.result?.sha256).toBe(source.sha256);
    expect(ranges(h)).toEqual([undefined]);
  });
});

describe('credentials never reach the download host', () => {
  it('every request, redirects included, carries no Authorization or Cookie: only Range when resuming', async () => {
    const folder = await tempDir();
    const h = await serve(({ index }) => (index === 0 ? [{ kind: 'cut', afterBytes: 777 }] : [{ kind: 'redirect' }]));
    const run = await runTransfer(h, destinationIn(folder));
    expect(run.result?.sha256).toBe(source.sha256);
    expect(h.requests.map((request) => [request.path, request.range])).toEqual([
      ['/file.jsonl.zst', undefined],
      ['/file.jsonl.zst', 'bytes=777-'],
      ['/moved/file.jsonl.zst', 'bytes=777-'],
    ]);
    for (const request of h.requests) {
      expect(Object.keys(request.headers).sort()).toEqual(request.range === undefined ? ['connection', 'host'] : ['connection', 'host', 'range']);
    }
  });
});

describe('pause and cancel', () => {
  it('pause keeps the .part (a prefix of the file); the next transfer resumes it with Range and lands identical', async () => {
    const folder = await tempDir();
    const destination = destinationIn(folder);
    const h = await serve(({ index }) => (index === 0 ? [{ kind: 'cut', afterBytes: 30_000 }] : []));
    const controller = new AbortController();
    const paused = await runTransfer(h, destination, { signal: controller.signal, onProgress: (bytes) => bytes > 0 && controller.abort('pause') });
    expect(paused.error?.kind).toBe('paused');
    const part = await readFile(`${destination}.part`);
    expect(part.length).toBeGreaterThan(0);
    expect(sha256Of(part)).toBe(sha256Of(source.bytes.subarray(0, part.length)));
    const resumed = await runTransfer(h, destination);
    expect(resumed.result?.sha256).toBe(source.sha256);
    expect(h.requests.at(-1)?.range).toBe(`bytes=${part.length}-`);
    expect(await filesIn(folder)).toEqual([destination.split('/').at(-1)]);
  });

  it('cancel removes the .part and rejects as "cancelled"', async () => {
    const folder = await tempDir();
    const h = await serve(({ index }) => (index === 0 ? [{ kind: 'cut', afterBytes: 30_000 }] : []));
    const controller = new AbortController();
    const run = await runTransfer(h, destinationIn(folder), { signal: controller.signal, onProgress: (bytes) => bytes > 0 && controller.abort(new Error('user cancelled')) });
    expect(run.error?.kind).toBe('cancelled');
    expect(await filesIn(folder)).toEqual([]);
  });

  it('an Error whose message is "pause" pauses too', async () => {
    const folder = await tempDir();
    const h = await serve(({ index }) => (index === 0 ? [{ kind: 'cut', afterBytes: 30_000 }] : []));
    const controller = new AbortController();
    const run = await runTransfer(h, destinationIn(folder), { signal: controller.signal, onProgress: (bytes) => bytes > 0 && controller.abort(new Error('pause')) });
    expect(run.error?.kind).toBe('paused');
    expect(await filesIn(folder)).toEqual([`${destinationIn(folder).split('/').at(-1)}.part`]);
  });
});
