import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import { startLocalService, type LocalService } from '../../../electron/server/local-service.ts';
import { decodeHourFile } from '../../../electron/server/store/decode-hour-file.ts';
import { DirectoryStore } from '../../../electron/server/store/directory-store.ts';
import { demoDatasets } from '../../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile } from '../../../electron/server/simulator/generate-hour.ts';

const hourMs = 3_600_000;
const key = 'gap-test-key';
// Two hours of one market with the hour between them missing: a coverage gap.
const first = Date.UTC(2026, 10, 18, 10);
const afterGap = first + 2 * hourMs;

interface Page<T> {
  items: T[];
  has_more: boolean;
  next_cursor: string | null;
}

describe('read size bounds and coverage gaps over a folder of files', () => {
  let dir: string;
  let service: LocalService;
  let tiny: LocalService;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mde-gap-'));
    const dataset = demoDatasets.find((d) => d.source === 'binance' && d.market === 'SOL-USDT');
    if (dataset === undefined) throw new Error('no dataset');
    for (const hourStart of [first, afterGap]) {
      const iso = new Date(hourStart).toISOString();
      const date = iso.slice(0, 10);
      const name = `standard-binance-SOL-USDT-${date}-${iso.slice(11, 13)}`;
      await mkdir(join(dir, 'binance', 'SOL-USDT', date), { recursive: true });
      await writeFile(join(dir, 'binance', 'SOL-USDT', date, `${name}.jsonl.zst`), generateHourFile(3, dataset, hourStart));
    }
    const store = new DirectoryStore(dir, decodeHourFile);
    await store.scan();
    const now = (): number => afterGap + 30 * 60_000;
    service = await startLocalService({ store, keys: [{ key, tier: 'paid' }], now });
    tiny = await startLocalService({ store, keys: [{ key, tier: 'paid' }], now, anonymousReadBytes: 1000 });
  });

  afterAll(async () => {
    await Promise.all([service.close(), tiny.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  async function get<T>(base: string, path: string, keyed = false): Promise<{ status: number; body: T }> {
    const response = await fetch(`${base}${path}`, { headers: keyed ? { authorization: `Bearer ${key}` } : {} });
    return { status: response.status, body: (await response.json()) as T };
  }

  it('part 8 anonymous read size: a latest-hour query reading more than the bound → 422 with the error object', async () => {
    const refused = await get<{ error: { code: string; message: string; resolution: string } }>(tiny.baseUrl, '/l2-updates?source=binance&market=SOL-USDT');
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/read size/);
    expect(refused.body.error.resolution.length).toBeGreaterThan(0);
  });

  it('part 8 anonymous read size: keyed queries are not bounded by it', async () => {
    const keyed = await get<Page<L2Row>>(tiny.baseUrl, '/l2-updates?source=binance&market=SOL-USDT&limit=5', true);
    expect(keyed.status).toBe(200);
    expect(keyed.body.items).toHaveLength(5);
  });

  it('4.12 a coverage gap clears the book: across a missing hour, no book until the next snapshot', async () => {
    // The range starts in the hour before the gap and ends after it, so one replay crosses it.
    let cursor: string | null = null;
    const books: L2Row[] = [];
    do {
      const path = `/l2-orderbooks?source=binance&market=SOL-USDT&start=${first + 50 * 60_000}&end=${afterGap + 10 * 60_000}&limit=1000${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const page: { status: number; body: Page<L2Row> } = await get<Page<L2Row>>(service.baseUrl, path, true);
      expect(page.status).toBe(200);
      books.push(...page.body.items);
      cursor = page.body.has_more ? page.body.next_cursor : null;
    } while (cursor !== null);
    expect(books.some((book) => book.collector_timestamp < first + hourMs)).toBe(true);
    const afterTheGap = books.filter((book) => book.collector_timestamp >= afterGap);
    // The hour after the gap opens with deltas; without the reset they would have produced books
    // on top of the book left over from before the gap.
    expect(afterTheGap[0]?.source_event_is_snapshot).toBe(true);
    const updates = await get<Page<L2Row>>(service.baseUrl, `/l2-updates?source=binance&market=SOL-USDT&start=${afterGap}&end=${afterGap + 10 * 60_000}&limit=5`, true);
    expect(updates.body.items[0]?.source_event_is_snapshot).toBe(false);
  });

  it('4.12 without a gap, the book in force at start comes from a snapshot in the hour before', async () => {
    const start = first + hourMs - 1;
    const { body } = await get<Page<L2Row>>(service.baseUrl, `/l2-orderbooks?source=binance&market=SOL-USDT&start=${first + 30 * 60_000}&end=${start}&limit=3`, true);
    expect(body.items.length).toBe(3);
    expect(body.items[0]?.bid_px_00).not.toBeNull();
  });
});
