import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SnapshotListing } from '../../shared/rows/snapshots.ts';
import { authenticate, sameApiKey } from '../../electron/server/access-policy.ts';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import { startLocalService, type LocalService } from '../../electron/server/local-service.ts';
import { DemoStore } from '../../electron/server/store/demo-store.ts';
import type { HourGenerator } from '../../electron/server/simulator/hour-generator.ts';

// node:crypto as it is, with timingSafeEqual watched: the key check must go through it.
const timingSafeEqual = vi.hoisted(() => ({ calls: [] as [number, number][] }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  return {
    ...crypto,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      timingSafeEqual.calls.push([a.byteLength, b.byteLength]);
      return crypto.timingSafeEqual(a, b);
    },
  };
});

describe('embedded local service', () => {
  let service: LocalService;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mde-local-'));
    service = await startEmbeddedService({ data: { kind: 'demo', dataDir: dir, seed: 1 } });
  });
  afterAll(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on a random loopback port', () => {
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('counts a request while it is served, so the warm-up can wait for a quiet moment', async () => {
    const fresh = await startEmbeddedService({ data: { kind: 'demo', dataDir: dir, seed: 1 } });
    try {
      expect(fresh.activity.isQuiet(1e9)).toBe(true);
      const response = await fetch(`${fresh.baseUrl}/count`);
      await response.arrayBuffer();
      await vi.waitFor(() => expect(fresh.activity.inFlight).toBe(0));
      // A request just ended: not quiet for a very long time yet, quiet at once for a zero wait.
      expect(fresh.activity.isQuiet(1e9)).toBe(false);
      expect(fresh.activity.isQuiet(0)).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('answers /health with a JSON object', async () => {
    const response = await fetch(`${service.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers an unknown path with 404 and the spec error object', async () => {
    const response = await fetch(`${service.baseUrl}/no-such-endpoint?x=1`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; message: string; resolution: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('/no-such-endpoint');
    expect(body.error.resolution.length).toBeGreaterThan(0);
  });
});

describe('/snapshots pages over hours before it generates any (bounded work per response)', () => {
  const hourMs = 3_600_000;
  /** 05:30 UTC: with two days of history the demo covers 2026-11-18T05:00 up to the live hour 2026-11-20T05:00. */
  const now = Date.UTC(2026, 10, 20, 5, 30);
  const firstHour = Date.UTC(2026, 10, 18, 5);
  const everyHour = Array.from({ length: 49 }, (_, i) => firstHour + i * hourMs);
  const budget = { anonymous: 3, keyed: 10 };
  const paidKey = 'listing-test-key';
  /** Every generation the demo asked for, as `source/market@hourStart`. */
  const generated: string[] = [];
  /** The fake hour file's size: a function of the hour alone, so the test can add up total_bytes itself. */
  const bytesOf = (hourStart: number): number => 100 + new Date(hourStart).getUTCHours() + 24 * new Date(hourStart).getUTCDate();
  const generate: HourGenerator = (_seed, dataset, hourStart) => {
    generated.push(`${dataset.source}/${dataset.market}@${hourStart}`);
    return Promise.resolve(new Uint8Array(bytesOf(hourStart)));
  };
  const keyOf = (market: string, hourStart: number): string => {
    const iso = new Date(hourStart).toISOString();
    return `standard-hyperliquid-${market}-${iso.slice(0, 10)}-${iso.slice(11, 13)}`;
  };
  let service: LocalService;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mde-listing-'));
    const store = new DemoStore({ dataDir: dir, seed: 3, now: () => now, historyDays: 2, generate });
    await store.open();
    service = await startLocalService({ store, now: () => now, keys: [{ key: paidKey, tier: 'paid' }], listingBudget: budget });
  });
  afterAll(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function list(query: Record<string, string>, key?: string): Promise<SnapshotListing> {
    const response = await fetch(`${service.baseUrl}/snapshots?${new URLSearchParams(query).toString()}`, key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as SnapshotListing;
  }

  it('an anonymous listing from 2000-01-01 generates at most the anonymous budget, then pages on to every hour exactly once, in order', async () => {
    const query = { source: 'hyperliquid', market: 'BTC', from: '2000-01-01T00:00:00Z' };
    const first = await list(query);
    expect(generated.length).toBeLessThanOrEqual(budget.anonymous);
    expect(first.snapshots.map((entry) => entry.key)).toEqual(everyHour.slice(0, budget.anonymous).map((hour) => keyOf('BTC', hour)));
    expect(first.total).toBe(budget.anonymous);
    expect(first.limit).toBe(budget.anonymous);
    expect(first.total_bytes).toBe(everyHour.slice(0, budget.anonymous).reduce((sum, hour) => sum + bytesOf(hour), 0));
    expect(first.has_more).toBe(true);
    expect(typeof first.next_cursor).toBe('string');

    const listed = [...first.snapshots];
    let page = first;
    for (let pages = 1; page.has_more; pages++) {
      expect(pages).toBeLessThan(everyHour.length);
      const before = generated.length;
      page = await list({ ...query, cursor: page.next_cursor ?? '' });
      expect(generated.length - before).toBeLessThanOrEqual(budget.anonymous);
      expect(page.total_bytes).toBe(page.snapshots.reduce((sum, entry) => sum + bytesOf(Date.parse(`${entry.date}T00:00:00Z`) + (entry.hour ?? 0) * hourMs), 0));
      listed.push(...page.snapshots);
    }
    expect(listed.map((entry) => entry.key)).toEqual(everyHour.map((hour) => keyOf('BTC', hour)));
    expect(generated).toEqual(everyHour.map((hour) => `hyperliquid/BTC@${hour}`));
  });

  it('hours already generated cost nothing: the same listing then comes in one full page', async () => {
    const before = generated.length;
    const page = await list({ source: 'hyperliquid', market: 'BTC', from: '2000-01-01T00:00:00Z' });
    expect(generated.length).toBe(before);
    expect(page.snapshots).toHaveLength(everyHour.length);
    expect(page.limit).toBe(200);
    expect(page.has_more).toBe(false);
    expect(page.total_bytes).toBe(everyHour.reduce((sum, hour) => sum + bytesOf(hour), 0));
  });

  it('a keyed listing gets the larger budget', async () => {
    const before = generated.length;
    const page = await list({ source: 'hyperliquid', market: 'ETH', from: '2000-01-01T00:00:00Z' }, paidKey);
    expect(generated.length - before).toBe(budget.keyed);
    expect(page.snapshots.map((entry) => entry.key)).toEqual(everyHour.slice(0, budget.keyed).map((hour) => keyOf('ETH', hour)));
    expect(page.has_more).toBe(true);
  });
});

describe('API keys are compared in constant time', () => {
  const key = 'mde-key-7f3a9c1e55d2b4a0';
  // The right key first, so that stopping at a match would show as a missing comparison.
  const grants = [
    { key, tier: 'paid' as const },
    { key: 'mde-key-other-0000000000', tier: 'free' as const },
  ];
  let service: LocalService;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mde-keys-'));
    const store = new DemoStore({ dataDir: dir, seed: 4, now: () => Date.UTC(2026, 10, 20, 5), historyDays: 1, generate: () => Promise.resolve(new Uint8Array(1)) });
    await store.open();
    service = await startLocalService({ store, keys: grants });
  });
  afterAll(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });
  it('the right key is served; a wrong key of the same length, a longer one, a shorter one and a prefix are 401', async () => {
    expect((await fetch(`${service.baseUrl}/count`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    const sameLength = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    expect(sameLength).toHaveLength(key.length);
    for (const wrong of [sameLength, `${key}0`, key.slice(1), key.slice(0, 4)]) {
      const response = await fetch(`${service.baseUrl}/count`, { headers: { authorization: `Bearer ${wrong}` } });
      expect(response.status, wrong).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('authentication_required');
    }
  });

  it('sameApiKey is true only for the identical key, whatever the lengths', () => {
    expect(sameApiKey(key, key)).toBe(true);
    expect(sameApiKey(key, key.toUpperCase())).toBe(false);
    expect(sameApiKey(key, `${key}x`)).toBe(false);
    expect(sameApiKey(key, key.slice(0, -1))).toBe(false);
    expect(sameApiKey('', key)).toBe(false);
    expect(sameApiKey('clé-ü', 'clé-ü')).toBe(true);
  });

  it('the key check goes through timingSafeEqual on equal-length digests, for every grant, even when the lengths differ', () => {
    for (const presented of [key, 'short', `${key}-and-much-longer-than-any-grant`]) {
      timingSafeEqual.calls.length = 0;
      try {
        authenticate(`Bearer ${presented}`, grants, false);
      } catch {
        // A wrong key is a 401; what matters here is how it was compared.
      }
      expect(timingSafeEqual.calls, presented).toEqual(grants.map(() => [32, 32]));
    }
  });
});
