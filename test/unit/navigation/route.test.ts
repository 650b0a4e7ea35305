import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { candleIntervals } from '../../../shared/rows/candle-row.ts';
import type { ViewId } from '../../../shared/settings.ts';
import { formatRoute, maxHashLength, parseLinkTime, parseRoute, type ParsedRoute } from '../../../renderer/src/navigation/route.ts';
import { spanChoices } from '../../../renderer/src/navigation/time-range.ts';
import type { ViewParams } from '../../../renderer/src/stores/ui-store.ts';
import { viewRegistry } from '../../../renderer/src/views/view-registry.ts';

const viewIds = viewRegistry.map((view) => view.id);

// Hand-computed (python: datetime(2026, 11, 22, 10, tzinfo=utc).timestamp() * 1000).
const nov22at10 = 1_795_341_600_000;
const nov22at16 = 1_795_363_200_000;
const nov27at08 = 1_795_766_400_000;

/** What the browser hands back as `location.hash` after the app sets this hash. */
function throughBrowser(hash: string): string {
  return new URL(hash, 'http://127.0.0.1:5173/').hash;
}

function route(view: ViewId, params: ViewParams, dropped: string[] = []): ParsedRoute {
  return { kind: 'route', route: { view, params }, dropped };
}

describe('formatRoute', () => {
  it('writes the view, source and market as the path and the choices as the query', () => {
    expect(formatRoute('workspace', { source: 'hyperliquid', market: 'BTC', interval: '1m', span: '6h' })).toBe('#/workspace/hyperliquid/BTC?interval=1m&span=6h');
    expect(formatRoute('catalog', {})).toBe('#/catalog');
    expect(formatRoute('options', { source: 'deribit', market: 'BTC', expiry: nov27at08, instrument: 'BTC-27NOV26-100000-C' })).toBe(
      '#/options/deribit/BTC?instrument=BTC-27NOV26-100000-C&expiry=2026-11-27T08:00:00.000Z',
    );
  });

  it('writes fixed bounds as readable UTC times', () => {
    expect(formatRoute('workspace', { source: 'binance', market: 'BTC-USDT', start: nov22at10, end: nov22at16 })).toBe(
      '#/workspace/binance/BTC-USDT?from=2026-11-22T10:00:00.000Z&to=2026-11-22T16:00:00.000Z',
    );
  });

  it('writes and reads the replay position as a millisecond UTC time', () => {
    const at = nov22at10 + 1_234;
    expect(formatRoute('replay', { source: 'binance', market: 'BTC-USDT', start: nov22at10, end: nov22at16, at })).toBe(
      '#/replay/binance/BTC-USDT?from=2026-11-22T10:00:00.000Z&to=2026-11-22T16:00:00.000Z&at=2026-11-22T10:00:01.234Z',
    );
    const parsed = parseRoute('#/replay/binance/BTC-USDT?at=2026-11-22T10:00:01.234Z', viewRegistry);
    expect(parsed.kind === 'route' ? parsed.route.params.at : null).toBe(at);
    const bad = parseRoute('#/replay/binance/BTC-USDT?at=soon', viewRegistry);
    expect(bad.kind === 'route' ? bad.dropped : []).toEqual(['at "soon": not a time (write 2026-11-22T10:00:00.000Z or Unix ms)']);
  });

  it('escapes what would break the path or the query, and unicode', () => {
    expect(formatRoute('workspace', { source: 'my source', market: 'BTC/USDT 100%' })).toBe('#/workspace/my%20source/BTC%2FUSDT%20100%25');
    expect(formatRoute('quotes', { source: 'ÄÖ', market: 'a?b#c', focus: 'x&y=z' })).toBe('#/quotes/%C3%84%C3%96/a%3Fb%23c?focus=x%26y%3Dz');
  });

  it('puts a market without a source in the query, and leaves out empty texts and impossible times', () => {
    expect(formatRoute('workspace', { market: 'BTC' })).toBe('#/workspace?market=BTC');
    expect(formatRoute('workspace', { source: '', market: '', focus: '' })).toBe('#/workspace');
    expect(formatRoute('workspace', { start: Number.NaN, end: 1.5, expiry: -1 })).toBe('#/workspace');
  });

  it('writes a lone surrogate as U+FFFD instead of throwing', () => {
    expect(formatRoute('workspace', { source: 'a\uD800b' })).toBe('#/workspace/a%EF%BF%BDb');
  });
});

describe('parseRoute', () => {
  it('reads a deep link to the market workspace', () => {
    expect(parseRoute('#/workspace/hyperliquid/BTC?interval=5m&span=6h', viewRegistry)).toEqual(route('workspace', { source: 'hyperliquid', market: 'BTC', interval: '5m', span: '6h' }));
    expect(parseRoute('#/workspace/hyperliquid/BTC?from=2026-11-22T10:00:00.000Z&to=2026-11-22T16:00:00.000Z', viewRegistry)).toEqual(
      route('workspace', { source: 'hyperliquid', market: 'BTC', start: nov22at10, end: nov22at16 }),
    );
  });

  it('reads no route from an empty hash', () => {
    for (const hash of ['', '#', '#/', '/', '#//']) expect(parseRoute(hash, viewRegistry)).toEqual({ kind: 'none' });
  });

  it('accepts what a person types: no slash, capitals, the label "market", a raw slash in the market, extra slashes', () => {
    expect(parseRoute('#catalog', viewRegistry)).toEqual(route('catalog', {}));
    expect(parseRoute('#/Options/deribit/BTC', viewRegistry)).toEqual(route('options', { source: 'deribit', market: 'BTC' }));
    expect(parseRoute('#/market/hyperliquid/BTC', viewRegistry)).toEqual(route('workspace', { source: 'hyperliquid', market: 'BTC' }));
    expect(parseRoute('#/workspace/binance/BTC/USDT', viewRegistry)).toEqual(route('workspace', { source: 'binance', market: 'BTC/USDT' }));
    expect(parseRoute('#/workspace/binance/', viewRegistry)).toEqual(route('workspace', { source: 'binance' }));
    expect(parseRoute('#/workspace?source=binance&market=SOL-USDT', viewRegistry)).toEqual(route('workspace', { source: 'binance', market: 'SOL-USDT' }));
  });

  it('reads times with an offset, in Unix ms, and without seconds', () => {
    expect(parseLinkTime('2026-11-22T11:00:00+01:00')).toBe(nov22at10);
    expect(parseLinkTime('2026-11-22T05:30-04:30')).toBe(nov22at10);
    expect(parseLinkTime('1795341600000')).toBe(nov22at10);
    expect(parseLinkTime('2026-11-22T10:00Z')).toBe(nov22at10);
    expect(parseLinkTime('2026-11-22T10:00:00.5Z')).toBe(nov22at10 + 500);
    expect(parseLinkTime('2026-11-22T10:00:00.05Z')).toBe(nov22at10 + 50);
  });

  it('refuses times that are not times', () => {
    for (const text of ['2026-02-30T00:00Z', '2026-11-22T24:00Z', '2026-11-22T10:60Z', '2026-11-22T10:00', '2026-11-22', 'yesterday', '-5', '1e12', '2026-11-22T10:00+25:00', '99999999999999999']) {
      expect(parseLinkTime(text), text).toBeNull();
    }
  });

  it('drops an interval that is not canonical, a span it does not know and a time that is not a time, keeping the rest', () => {
    const parsed = parseRoute('#/workspace/hyperliquid/BTC?interval=7m&span=forever&from=soon&to=2026-11-22T16:00:00.000Z&colour=red', viewRegistry);
    expect(parsed.kind).toBe('route');
    if (parsed.kind !== 'route') return;
    expect(parsed.route).toEqual({ view: 'workspace', params: { source: 'hyperliquid', market: 'BTC', end: nov22at16 } });
    expect(parsed.dropped).toHaveLength(4);
    expect(parsed.dropped.join('\n')).toMatch(/interval "7m"[\s\S]*span "forever"[\s\S]*from "soon"[\s\S]*colour/);
  });

  it('drops both bounds when from is after to', () => {
    const parsed = parseRoute('#/workspace/a/b?from=2026-11-22T16:00:00.000Z&to=2026-11-22T10:00:00.000Z&span=6h', viewRegistry);
    expect(parsed).toEqual(route('workspace', { source: 'a', market: 'b', span: '6h' }, ['from/to: from is after to']));
  });

  it('keeps equal bounds (an instant is a range)', () => {
    expect(parseRoute(`#/workspace/a/b?from=${nov22at10}&to=${nov22at10}`, viewRegistry)).toEqual(route('workspace', { source: 'a', market: 'b', start: nov22at10, end: nov22at10 }));
  });

  it('falls back, with the reason, on an unknown view, a broken path or an over-long hash', () => {
    const reasonOf = (parsed: ParsedRoute): string => (parsed.kind === 'invalid' ? parsed.reason : `not invalid: ${parsed.kind}`);
    expect(reasonOf(parseRoute('#/nowhere/x', viewRegistry))).toMatch(/^"nowhere" is not a view \(views: catalog, workspace/);
    expect(reasonOf(parseRoute('#/workspace/%E0%A4%A/BTC', viewRegistry))).toMatch(/broken %-encoding/);
    expect(reasonOf(parseRoute(`#/workspace/${'x'.repeat(maxHashLength)}`, viewRegistry))).toMatch(/longer than 4096/);
  });

  it('drops a query value with broken encoding and keeps a key without a value out', () => {
    expect(parseRoute('#/workspace/a/b?focus=%E0%A4%A&instrument&&interval=', viewRegistry)).toEqual(route('workspace', { source: 'a', market: 'b' }, ['focus: not readable (broken %-encoding)']));
  });

  it('reads a literal + as a plus, not a space', () => {
    expect(parseRoute('#/quotes/a/b?focus=1+2', viewRegistry)).toEqual(route('quotes', { source: 'a', market: 'b', focus: '1+2' }));
  });
});

const latest = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const awkward = fc.constantFrom('/', ' ', '%', '?', '&', '=', '#', '+', ':', '.', '~', '%25', '%2F', 'é', '日', '🙂', '\u0301');
const text = fc.string({ unit: fc.oneof(awkward, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 12 });
const time = fc.integer({ min: 0, max: latest });
const params: fc.Arbitrary<ViewParams> = fc.record(
  {
    source: text,
    market: text,
    instrument: text,
    interval: fc.constantFrom(...candleIntervals),
    span: fc.constantFrom(...spanChoices.map((span) => span.id)),
    start: time,
    end: time,
    expiry: time,
    focus: text,
  },
  { requiredKeys: [] },
).map((drawn) => {
  // A route never carries from after to (parseRoute drops such a pair): order a drawn pair.
  if (drawn.start !== undefined && drawn.end !== undefined && drawn.start > drawn.end) return { ...drawn, start: drawn.end, end: drawn.start };
  return drawn;
});

describe('round trip', () => {
  it('reads back exactly what it wrote, through the browser, for random views and parameters', () => {
    fc.assert(
      fc.property(fc.constantFrom(...viewIds), params, (view, drawn) => {
        expect(parseRoute(throughBrowser(formatRoute(view, drawn)), viewRegistry)).toEqual(route(view, drawn));
      }),
      { seed: 20261122, numRuns: 3000 },
    );
  });

  it('never throws on garbage, and what it reads from garbage writes back to the same route', () => {
    const garbage = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({ unit: fc.constantFrom('#', '/', '?', '&', '=', '%', 'E', '0', 'workspace', 'from', 'interval', '5m', 'Z', 'T', ':', '-'), maxLength: 30 }),
    );
    fc.assert(
      fc.property(garbage, (hash) => {
        expect(() => parseRoute(hash, viewRegistry)).not.toThrow();
        const parsed = parseRoute(throughBrowser(`#${hash}`), viewRegistry);
        if (parsed.kind !== 'route') return;
        const again = parseRoute(formatRoute(parsed.route.view, parsed.route.params), viewRegistry);
        expect(again).toEqual({ kind: 'route', route: parsed.route, dropped: [] });
      }),
      { seed: 7, numRuns: 3000 },
    );
  });
});
