import { describe, expect, it } from 'vitest';
import type { DailyManifest, SnapshotDownloadLink, SnapshotListing } from '../../../shared/rows/snapshots.ts';
import { fetchBytes, type Query } from './support/http.ts';
import { snapshotListingPages } from './support/paging.ts';
import { freeKey, hourMs, paidKey, serviceFixture } from './support/service-fixture.ts';
import { isZstd, snapshotLines, standardKey } from './support/snapshot-file.ts';

/** This file's clock: 01:34:56 UTC, so "today" has two hour files and downloads stay small. */
const now = Date.UTC(2026, 10, 20, 1, 34, 56);
const ttlSeconds = 600;
const service = serviceFixture({ urlTtlSeconds: ttlSeconds }, now);
/** A cheap dataset (small hour files) for listings. */
const intents = { source: 'uniswapx', market: 'intents' } as const;
/** Restricted: dates after the public cutoff (two days ago) need payment. */
const restricted = { source: 'aster', market: 'BTCUSDT' } as const;
/** Preview: dates after the public cutoff need bearer auth. */
const gated = { source: 'deribit', market: 'BTC' } as const;
const today = '2026-11-20';
const cutoff = '2026-11-18';
const todayStart = Date.parse(`${today}T00:00:00Z`);

async function link(key: string, options: { key?: string } = {}): Promise<SnapshotDownloadLink> {
  const response = await service.get<SnapshotDownloadLink>('/snapshots/download', { query: { key, mode: 'json' }, ...options });
  expect(response.status).toBe(200);
  return response.body;
}

describe('4.4 GET /snapshots', () => {
  it('4.4 source and market are required; a bad from, to, raw or limit → 400', async () => {
    const bad: Query[] = [
      { market: 'intents' },
      { source: 'uniswapx' },
      { ...intents, from: 'last tuesday' },
      { ...intents, to: '2026-13-01' },
      { ...intents, raw: 'yes' },
      { ...intents, limit: 1001 },
      { ...intents, limit: 0 },
    ];
    for (const query of bad) expect((await service.get('/snapshots', { query })).status, JSON.stringify(query)).toBe(400);
  });

  it('4.4 from and to must be real times: an impossible date or time → 400 naming the parameter and the value', async () => {
    const impossible = [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-11-31T00:00:00Z',
      '2026-11-20T24:00:00Z',
      '2026-11-20T12:60:00Z',
      '2026-11-20T12:00:60Z',
      '2026-11-20T12:00:00+25:00',
      '2026-11-20T12:00:00+02:60',
      '2026-11-20T12',
      '2026-11-20T12:00:00.Z',
      '20261120',
      'garbage',
    ];
    for (const name of ['from', 'to'] as const) {
      for (const value of impossible) {
        const response = await service.get<{ error: { message: string } }>('/snapshots', { query: { ...intents, from: '2026-11-01', to: '2026-11-21', [name]: value } });
        expect(response.status, `${name}=${value}`).toBe(400);
        expect(response.body.error.message, `${name}=${value}`).toContain(`"${name}"`);
        expect(response.body.error.message, `${name}=${value}`).toContain(`"${value}"`);
      }
    }
  });

  it('4.4 from and to take a date alone, a time with Z, an offset or a fraction, and mean the same instant', async () => {
    const hoursOf = async (path: string, query: Query = {}): Promise<number[]> => {
      const response = await service.get<SnapshotListing>(path, { query });
      expect(response.status, `${path} ${JSON.stringify(query)}`).toBe(200);
      return response.body.snapshots.map((entry) => entry.hour ?? -1);
    };
    expect(await hoursOf('/snapshots', { ...intents, from: '2026-11-19', to: '2026-11-19T03:00:00Z' })).toEqual([0, 1, 2]);
    expect(await hoursOf('/snapshots', { ...intents, from: '2026-11-19T10:00:00Z', to: '2026-11-19T12:00:00Z' })).toEqual([10, 11]);
    expect(await hoursOf('/snapshots', { ...intents, from: '2026-11-19T10:00', to: '2026-11-19 12:00:00' })).toEqual([10, 11]);
    expect(await hoursOf('/snapshots', { ...intents, from: '2026-11-19T12:00:00+02:00', to: '2026-11-19T14:00:00+0200' })).toEqual([10, 11]);
    expect(await hoursOf('/snapshots', { ...intents, from: '2026-11-19T06:30:00-03:30', to: '2026-11-19T08:30:00-03:30' })).toEqual([10, 11]);
    // A '+' sent without URL encoding arrives as a space.
    expect(await hoursOf('/snapshots?from=2026-11-19T12:00:00+02:00&to=2026-11-19T14:00:00+02:00', intents)).toEqual([10, 11]);
    // Fractions: the last millisecond of 10:00 and the first of 11:00 touch both hours.
    expect(await hoursOf('/snapshots', { ...intents, from: '2026-11-19T10:59:59.999Z', to: '2026-11-19T11:00:00.001Z' })).toEqual([10, 11]);
    expect(await hoursOf('/snapshots', { ...intents, from: '2026-11-19T10:59:59.999999999Z', to: '2026-11-19T11:00:00Z' })).toEqual([10]);
    // A real leap day is a valid date (no files that far back).
    expect(await hoursOf('/snapshots', { ...intents, from: '2024-02-29', to: '2024-03-01' })).toEqual([]);
  });

  it('4.4.1 when from and to are both omitted, the range is the 24 hours ending now', async () => {
    // Paged: the service may end a page early rather than generate every hour in one response.
    const pages = await snapshotListingPages(service, { query: intents });
    const hours = pages.flatMap((page) => page.snapshots).map((entry) => Date.parse(`${entry.date}T00:00:00Z`) + (entry.hour ?? Number.NaN) * hourMs);
    // Every hour whose file overlaps [now − 24 h, now): from 01:00 yesterday to 01:00 today.
    const first = now - 24 * hourMs - ((now - 24 * hourMs) % hourMs);
    expect(hours).toEqual(Array.from({ length: 25 }, (_, i) => first + i * hourMs));
  });

  it('2.12 a page the service ends early says so: has_more with a cursor, and limit is its effective size', async () => {
    const pages = await snapshotListingPages(service, { query: { ...intents, from: '2026-11-18T00:00:00Z', to: '2026-11-19T00:00:00Z' } });
    expect(pages.flatMap((page) => page.snapshots.map((entry) => entry.hour))).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    // 24 hours not generated yet are more than one anonymous response may generate.
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(0, -1)) {
      expect(page.total).toBe(page.limit);
      expect(page.limit).toBeLessThan(200);
    }
  });

  it('4.4.2 the standard listing needs no Authorization header; entries have date, hour and an opaque key', async () => {
    const response = await service.get<SnapshotListing>('/snapshots', { query: { ...intents, from: '2026-11-19T10:00:00Z', to: '2026-11-19T12:00:00Z' } });
    expect(response.status).toBe(200);
    expect(response.body.source).toBe('uniswapx');
    expect(response.body.market).toBe('intents');
    expect(response.body.snapshots).toEqual([
      { date: '2026-11-19', hour: 10, key: standardKey('uniswapx', 'intents', Date.parse('2026-11-19T10:00:00Z')) },
      { date: '2026-11-19', hour: 11, key: standardKey('uniswapx', 'intents', Date.parse('2026-11-19T11:00:00Z')) },
    ]);
  });

  it('4.4 from is an inclusive and to an exclusive UTC bound', async () => {
    const response = await service.get<SnapshotListing>('/snapshots', { query: { ...intents, from: '2026-11-19T10:00:00Z', to: '2026-11-19T13:00:00Z' } });
    expect(response.body.snapshots.map((entry) => entry.hour)).toEqual([10, 11, 12]);
  });

  it('4.4.3 raw=true without a key → 401; with a free key → 403; with a paid key → 200 with raw entries (date and key, no hour)', async () => {
    expect((await service.get('/snapshots', { query: { ...intents, raw: true } })).status).toBe(401);
    expect((await service.get('/snapshots', { query: { ...intents, raw: true }, key: freeKey })).status).toBe(403);
    const paid = await service.get<SnapshotListing>('/snapshots', { query: { ...intents, raw: true }, key: paidKey });
    expect(paid.status).toBe(200);
    expect(Array.isArray(paid.body.snapshots)).toBe(true);
    for (const entry of paid.body.snapshots) expect(entry).not.toHaveProperty('hour');
  });

  it('2.12 total counts the entries in this response, total_bytes the bytes of their files, limit the effective page size', async () => {
    const range = { ...intents, from: '2026-11-19T10:00:00Z', to: '2026-11-19T13:00:00Z' };
    const first = await service.get<SnapshotListing>('/snapshots', { query: { ...range, limit: 2 } });
    expect(first.body.total).toBe(2);
    expect(first.body.limit).toBe(2);
    expect(first.body.has_more).toBe(true);
    const next = await service.get<SnapshotListing>('/snapshots', { query: { ...range, limit: 2, cursor: first.body.next_cursor } });
    expect(next.status).toBe(200);
    expect(next.body.total).toBe(1);
    expect(next.body.has_more).toBe(false);
    expect(next.body.next_cursor ?? null).toBeNull();
    const entries = [...first.body.snapshots, ...next.body.snapshots];
    expect(entries.map((entry) => entry.hour)).toEqual([10, 11, 12]);
    const bytesOf = async (page: SnapshotListing): Promise<number> => {
      let bytes = 0;
      for (const entry of page.snapshots) bytes += (await fetchBytes((await link(entry.key)).url)).bytes.length;
      return bytes;
    };
    expect(first.body.total_bytes).toBe(await bytesOf(first.body));
    expect(next.body.total_bytes).toBe(await bytesOf(next.body));
    expect((await service.get<SnapshotListing>('/snapshots', { query: range })).body.limit).toBe(200);
  });

  it('4.0.2 a /snapshots cursor reused with another range → 400', async () => {
    const range = { ...intents, from: '2026-11-19T10:00:00Z', to: '2026-11-19T13:00:00Z' };
    const first = await service.get<SnapshotListing>('/snapshots', { query: { ...range, limit: 2 } });
    expect((await service.get('/snapshots', { query: { ...range, to: '2026-11-19T14:00:00Z', limit: 2, cursor: first.body.next_cursor } })).status).toBe(400);
  });

  it('2.12 entries appear only for hours that have files behind them', async () => {
    const before = await service.get<SnapshotListing>('/snapshots', { query: { ...intents, from: '2026-11-10T00:00:00Z', to: '2026-11-11T00:00:00Z' } });
    expect(before.status).toBe(200);
    expect(before.body.snapshots).toEqual([]);
    expect(before.body.total).toBe(0);
    expect(before.body.total_bytes).toBe(0);
    // Nothing is listed beyond now, where no file exists yet.
    const ahead = await service.get<SnapshotListing>('/snapshots', { query: { ...intents, from: `${today}T00:00:00Z`, to: `${today}T06:00:00Z` } });
    expect(ahead.body.snapshots.map((entry) => entry.hour)).toEqual([0, 1]);
  });

  it('3 the access object gives the dataset state and its public cutoff date', async () => {
    const query = { from: `${today}T00:00:00Z`, to: `${today}T01:00:00Z` };
    const open = await service.get<SnapshotListing>('/snapshots', { query: { ...intents, ...query } });
    expect(open.body.access).toEqual({ status: 'open', public_cutoff_date: null });
    const closed = await service.get<SnapshotListing>('/snapshots', { query: { ...restricted, ...query } });
    expect(closed.body.access).toEqual({ status: 'restricted', public_cutoff_date: cutoff });
    const preview = await service.get<SnapshotListing>('/snapshots', { query: { ...gated, ...query } });
    expect(preview.body.access).toEqual({ status: 'preview', public_cutoff_date: cutoff });
  });
});

describe('4.5 GET /snapshots/download', () => {
  const key = standardKey(intents.source, intents.market, todayStart);

  it('4.5 without mode → 302 to the download host; mode=json → url, filename, expires_in_seconds', async () => {
    const redirect = await service.get('/snapshots/download', { query: { key } });
    expect(redirect.status).toBe(302);
    const location = redirect.location ?? '';
    expect(location.startsWith(`${service.downloadOrigin}/`)).toBe(true);
    expect(service.downloadOrigin).not.toBe(service.baseUrl);
    const json = await link(key);
    expect(json.url.startsWith(`${service.downloadOrigin}/`)).toBe(true);
    expect(json.filename).toBe(`${key}.jsonl.zst`);
    expect(json.expires_in_seconds).toBe(ttlSeconds);
    const url = await service.get<SnapshotDownloadLink>('/snapshots/download', { query: { key, mode: 'url' } });
    expect(url.status).toBe(200);
    expect(Object.keys(url.body).sort()).toEqual(['expires_in_seconds', 'filename', 'url']);
    const followed = await fetchBytes(location);
    expect(followed.status).toBe(200);
    expect(followed.bytes).toEqual((await fetchBytes(json.url)).bytes);
  });

  it('4.5 the key is accepted with or without the .jsonl.zst suffix', async () => {
    const plain = await fetchBytes((await link(key)).url);
    const suffixed = await fetchBytes((await link(`${key}.jsonl.zst`)).url);
    expect(suffixed.status).toBe(200);
    expect(suffixed.bytes).toEqual(plain.bytes);
  });

  it('4.5 the key is also accepted in its HHMMSS form (…-HH0000), with or without the suffix; other minutes or seconds → 404', async () => {
    const plain = await fetchBytes((await link(key)).url);
    for (const form of [`${key}0000`, `${key}0000.jsonl.zst`]) {
      const file = await fetchBytes((await link(form)).url);
      expect(file.status, form).toBe(200);
      expect(file.bytes, form).toEqual(plain.bytes);
    }
    expect((await service.get('/snapshots/download', { query: { key: `${key}1500` } })).status).toBe(404);
  });

  it('4.5 a missing key or an unknown mode → 400; a key with no file → 404', async () => {
    expect((await service.get('/snapshots/download')).status).toBe(400);
    expect((await service.get('/snapshots/download', { query: { key, mode: 'xml' } })).status).toBe(400);
    expect((await service.get('/snapshots/download', { query: { key: standardKey(intents.source, intents.market, Date.parse('2026-11-10T00:00:00Z')) } })).status).toBe(404);
    expect((await service.get('/snapshots/download', { query: { key: 'standard-nosuch-market-2026-11-20-00' } })).status).toBe(404);
  });

  it('4.5 bearer auth is required only when the dataset access policy requires it', async () => {
    const gatedKey = standardKey(gated.source, gated.market, todayStart);
    expect((await service.get('/snapshots/download', { query: { key: gatedKey } })).status).toBe(401);
    expect((await service.get('/snapshots/download', { query: { key: gatedKey }, key: freeKey })).status).toBe(302);
    const restrictedKey = standardKey(restricted.source, restricted.market, todayStart);
    expect((await service.get('/snapshots/download', { query: { key: restrictedKey } })).status).toBe(402);
    expect((await service.get('/snapshots/download', { query: { key: restrictedKey }, key: freeKey })).status).toBe(403);
    expect((await service.get('/snapshots/download', { query: { key: restrictedKey }, key: paidKey })).status).toBe(302);
    // Up to the public cutoff date the same datasets are public.
    const publicKey = standardKey(restricted.source, restricted.market, Date.parse(`${cutoff}T23:00:00Z`));
    expect((await service.get('/snapshots/download', { query: { key: publicKey } })).status).toBe(302);
  });
});

describe('4.6 GET /download', () => {
  it('4.6 returns the daily manifest (never a redirect): one entry per snapshot timestamp with a pre-signed URL', async () => {
    const response = await service.get<DailyManifest>('/download', { query: { ...intents, date: today } });
    expect(response.status).toBe(200);
    expect(response.location).toBeNull();
    const manifest = response.body;
    expect(manifest).toMatchObject({ source: 'uniswapx', market: 'intents', date: today, total: 2 });
    expect(manifest.snapshots.map((entry) => entry.timestamp)).toEqual(['000000', '010000']);
    let bytes = 0;
    for (const entry of manifest.snapshots) {
      expect(entry.date).toBe(today);
      expect(entry.key).toBe(standardKey(intents.source, intents.market, todayStart + Number(entry.timestamp.slice(0, 2)) * hourMs));
      expect(entry.url.startsWith(`${service.downloadOrigin}/`)).toBe(true);
      expect(entry.expires_in_seconds).toBe(ttlSeconds);
      const file = await fetchBytes(entry.url);
      expect(file.status).toBe(200);
      expect(isZstd(file.bytes)).toBe(true);
      bytes += file.bytes.length;
    }
    expect(manifest.total_bytes).toBe(bytes);
  });

  it('4.6 date 2026-02-30 → 400', async () => {
    expect((await service.get('/download', { query: { ...intents, date: '2026-02-30' } })).status).toBe(400);
  });

  it('4.6 date must be strict YYYY-MM-DD → 400 otherwise; source, market and date are required', async () => {
    for (const date of ['2026-11-2', '20261120', '2026-11-20T00:00:00Z', '11/20/2026', '2026-13-01']) {
      expect((await service.get('/download', { query: { ...intents, date } })).status, date).toBe(400);
    }
    expect((await service.get('/download', { query: { ...intents } })).status).toBe(400);
    expect((await service.get('/download', { query: { market: 'intents', date: today } })).status).toBe(400);
    expect((await service.get('/download', { query: { source: 'uniswapx', date: today } })).status).toBe(400);
  });

  it('4.6 legacy alias exchange= → 400', async () => {
    expect((await service.get('/download', { query: { exchange: 'uniswapx', market: 'intents', date: today } })).status).toBe(400);
    expect((await service.get('/download', { query: { ...intents, exchange: 'uniswapx', date: today } })).status).toBe(400);
  });

  it('4.6 legacy alias asset= → 400', async () => {
    expect((await service.get('/download', { query: { source: 'uniswapx', asset: 'intents', date: today } })).status).toBe(400);
  });

  it('4.6 restricted dataset anonymous → 402 / free key → 403 / paid key → 200', async () => {
    const query = { ...restricted, date: today };
    expect((await service.get('/download', { query })).status).toBe(402);
    expect((await service.get('/download', { query, key: freeKey })).status).toBe(403);
    const paid = await service.get<DailyManifest>('/download', { query, key: paidKey });
    expect(paid.status).toBe(200);
    expect(paid.body.total).toBe(2);
  });

  it('4.6 gated date anonymous → 401; with a key → 200', async () => {
    const query = { ...gated, date: today };
    expect((await service.get('/download', { query })).status).toBe(401);
    expect((await service.get<DailyManifest>('/download', { query, key: freeKey })).status).toBe(200);
  });

  it('4.6 no data → 404', async () => {
    expect((await service.get('/download', { query: { ...intents, date: '2026-11-10' } })).status).toBe(404);
    expect((await service.get('/download', { query: { ...intents, date: '2026-11-21' } })).status).toBe(404);
    expect((await service.get('/download', { query: { source: 'uniswapx', market: 'nosuch', date: today } })).status).toBe(404);
  });
});

describe('real clients match manifest entries to listed snapshots by exact key (field notes)', () => {
  it('4.4/4.6 every key /snapshots lists for a day is in that day\'s /download manifest and the reverse; each timestamp is the hour as HHMMSS', async () => {
    for (const [date, hours] of [
      ['2026-11-19', 24],
      [today, 2],
    ] as const) {
      const dayStart = Date.parse(`${date}T00:00:00Z`);
      const pages = await snapshotListingPages(service, { query: { ...intents, from: `${date}T00:00:00Z`, to: new Date(dayStart + 24 * hourMs).toISOString(), limit: 1000 } });
      const listed = pages.flatMap((page) => page.snapshots);
      expect(listed, date).toHaveLength(hours);
      const manifest = await service.get<DailyManifest>('/download', { query: { ...intents, date } });
      expect(manifest.status, date).toBe(200);
      const manifestKeys = manifest.body.snapshots.map((entry) => entry.key);
      for (const entry of listed) expect(manifestKeys, `${date}: listed ${entry.key}`).toContain(entry.key);
      const listedKeys = listed.map((entry) => entry.key);
      for (const key of manifestKeys) expect(listedKeys, `${date}: manifest ${key}`).toContain(key);
      for (const entry of manifest.body.snapshots) {
        const hour = listed.find((candidate) => candidate.key === entry.key)?.hour;
        expect(entry.timestamp, entry.key).toBe(`${String(hour).padStart(2, '0')}0000`);
      }
    }
  });
});

describe('download host ({download_host})', () => {
  const key = standardKey(intents.source, intents.market, todayStart);

  it('download host: valid → the file bytes (really zstd: magic 28 b5 2f fd), a v2 file of the right dataset, no credentials needed', async () => {
    const file = await fetchBytes((await link(key)).url);
    expect(file.status).toBe(200);
    expect([...file.bytes.slice(0, 4)]).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    const lines = snapshotLines(file.bytes);
    const header = lines[0];
    expect(header?.type).toBe('metadata');
    expect((header?.data as { schema_version?: string } | undefined)?.schema_version).toBe('v2');
    expect(header?.source).toBe('uniswapx');
    expect(lines.length).toBeGreaterThan(10);
  });

  it('download host: expired URL → 403', async () => {
    const url = (await link(key)).url;
    try {
      service.clock.now = now + (ttlSeconds - 1) * 1000;
      expect((await fetchBytes(url)).status).toBe(200);
      service.clock.now = now + (ttlSeconds + 1) * 1000;
      expect((await fetchBytes(url)).status).toBe(403);
    } finally {
      service.clock.now = now;
    }
  });

  it('download host: tampered signature → 403', async () => {
    const url = new URL((await link(key)).url);
    const signature = url.searchParams.get('signature') ?? '';
    url.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    expect((await fetchBytes(url.toString())).status).toBe(403);
  });

  it('download host: a signature moved to another file, or a later expiry, → 403; an unsigned URL → 403', async () => {
    const url = new URL((await link(key)).url);
    const other = new URL((await link(standardKey(intents.source, intents.market, todayStart + hourMs))).url);
    other.searchParams.set('signature', url.searchParams.get('signature') ?? '');
    other.searchParams.set('expires', url.searchParams.get('expires') ?? '');
    expect((await fetchBytes(other.toString())).status).toBe(403);
    const extended = new URL(url);
    extended.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
    expect((await fetchBytes(extended.toString())).status).toBe(403);
    expect((await fetchBytes(`${url.origin}${url.pathname}`)).status).toBe(403);
  });
});
