import { candleIntervals, type CandleInterval } from '../../../shared/rows/candle-row.ts';
import type { ViewId } from '../../../shared/settings.ts';
import type { ViewParams } from '../stores/ui-store.ts';
import { chartModes, isChartMode } from '../stores/chart-mode.ts';
import { spanChoices } from './time-range.ts';
import { viewById, type ViewDefinition } from './view-definition.ts';
import { isOneOf } from '../../../shared/guards/one-of.ts';

/** A view and what it shows: the part of the UI state a link carries. */
export interface Route {
  view: ViewId;
  params: ViewParams;
}

/**
 * What a URL hash says: no route at all (an empty hash), a route (with each part that was left
 * out and why), or nothing usable (and why), in which case the app keeps the view it shows.
 */
export type ParsedRoute = { kind: 'none' } | { kind: 'route'; route: Route; dropped: string[] } | { kind: 'invalid'; reason: string };

/** The longest hash read; anything longer is not a link this app wrote. */
export const maxHashLength = 4096;

/** Latest time a link carries (9999-12-31T23:59:59.999Z); times are written as four-digit-year ISO text. */
const latestTime = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function isTime(ms: number | undefined): ms is number {
  return ms !== undefined && Number.isSafeInteger(ms) && ms >= 0 && ms <= latestTime;
}

/** A lone UTF-16 surrogate, which no URL can carry; it is written as U+FFFD. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes a path segment or query value, leaving `:` readable (times are full of them). */
function encodePart(text: string): string {
  return encodeURIComponent(text.replace(loneSurrogate, '\uFFFD')).replace(/%3A/gi, ':');
}

function decodePart(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function nonEmpty(text: string | undefined): text is string {
  return text !== undefined && text !== '';
}

/**
 * The hash of a route: `#/view/source/market?interval=5m&span=6h`, or with `from`/`to` (ISO-8601
 * UTC) for fixed bounds; `instrument`, `expiry` and `at` (ISO-8601), `focus` and the workspace's `chart`
 * mode (not `candles`, the default) join the query when set.
 * Empty texts and times that are not whole Unix ms from 1970 to 9999 are left out.
 */
export function formatRoute(view: ViewId, params: ViewParams): string {
  const { source, market } = params;
  let path = `#/${view}`;
  if (nonEmpty(source)) path += `/${encodePart(source)}${nonEmpty(market) ? `/${encodePart(market)}` : ''}`;
  const query: [string, string | undefined][] = [
    ['market', nonEmpty(source) ? undefined : market],
    ['instrument', params.instrument],
    ['interval', params.interval],
    ['span', params.span],
    ['from', isTime(params.start) ? new Date(params.start).toISOString() : undefined],
    ['to', isTime(params.end) ? new Date(params.end).toISOString() : undefined],
    ['expiry', isTime(params.expiry) ? new Date(params.expiry).toISOString() : undefined],
    ['focus', params.focus],
    ['at', isTime(params.at) ? new Date(params.at).toISOString() : undefined],
    ['chart', params.chart === 'candles' ? undefined : params.chart],
  ];
  const pairs = query.filter((pair): pair is [string, string] => nonEmpty(pair[1])).map(([key, value]) => `${key}=${encodePart(value)}`);
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

const isoTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/**
 * A link's time: ISO-8601 with a zone (`2026-11-22T10:00:00.000Z`, `…T11:00+01:00`) or whole
 * Unix ms; null for anything else, including impossible dates such as February 30.
 */
export function parseLinkTime(text: string): number | null {
  if (/^\d{1,16}$/.test(text)) {
    const ms = Number(text);
    return isTime(ms) ? ms : null;
  }
  const match = isoTime.exec(text);
  if (match === null) return null;
  const [year, month, day, hour, minute] = [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4]), Number(match[5])];
  const second = Number(match[6] ?? '0');
  const milli = Number((match[7] ?? '').padEnd(3, '0'));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, milli);
  const check = new Date(local);
  const real =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === second;
  if (!real) return null;
  let ms = local;
  if (match[8] === undefined) {
    const offsetHours = Number(match[10]);
    const offsetMinutes = Number(match[11]);
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    ms -= (match[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  return isTime(ms) ? ms : null;
}

function isInterval(text: string): text is CandleInterval {
  return isOneOf(candleIntervals, text);
}

/** Reads a link's query into view parameters; what cannot be read is named in `dropped`. */
function readQuery(query: string, params: ViewParams, dropped: string[]): void {
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawKey = equals < 0 ? pair : pair.slice(0, equals);
    const key = decodePart(rawKey) ?? rawKey;
    const value = decodePart(equals < 0 ? '' : pair.slice(equals + 1));
    if (value === null) {
      dropped.push(`${key}: not readable (broken %-encoding)`);
      continue;
    }
    if (value === '') continue;
    switch (key) {
      case 'source':
      case 'market':
      case 'instrument':
      case 'focus':
        params[key] = value;
        break;
      case 'interval':
        if (isInterval(value)) params.interval = value;
        else dropped.push(`interval "${value}": not one of ${candleIntervals.join(', ')}`);
        break;
      case 'chart':
        if (isChartMode(value)) params.chart = value;
        else dropped.push(`chart "${value}": not one of ${chartModes.map((spec) => spec.mode).join(', ')}`);
        break;
      case 'span':
        if (spanChoices.some((span) => span.id === value)) params.span = value;
        else dropped.push(`span "${value}": not one of ${spanChoices.map((span) => span.id).join(', ')}`);
        break;
      case 'from':
      case 'to':
      case 'expiry':
      case 'at': {
        const ms = parseLinkTime(value);
        const field = key === 'from' ? 'start' : key === 'to' ? 'end' : key === 'at' ? 'at' : 'expiry';
        if (ms === null) dropped.push(`${key} "${value}": not a time (write 2026-11-22T10:00:00.000Z or Unix ms)`);
        else params[field] = ms;
        break;
      }
      default:
        dropped.push(`${key}: not a parameter of a view`);
    }
  }
}

/**
 * Reads a URL hash (`#/view/source/market?…`) into a route to one of `views`. Never throws: an
 * empty hash is `none`, an unknown view, an unreadable path or an over-long hash is `invalid`
 * with the reason, and a bad parameter (an interval that is not canonical, a time that is not a
 * time, `from` after `to`) is dropped and named, keeping the rest of the link.
 */
export function parseRoute(hash: string, views: readonly ViewDefinition[]): ParsedRoute {
  if (hash.length > maxHashLength) return { kind: 'invalid', reason: `the link is longer than ${maxHashLength} characters` };
  const body = hash.replace(/^#/, '').replace(/^\/+/, '');
  if (body === '') return { kind: 'none' };
  const questionMark = body.indexOf('?');
  const path = questionMark < 0 ? body : body.slice(0, questionMark);
  const segments = path.split('/').filter((segment) => segment !== '');
  const decoded = segments.map(decodePart);
  if (!decoded.every((segment): segment is string => segment !== null)) return { kind: 'invalid', reason: `"${path}" is not readable (broken %-encoding)` };
  const [viewName = '', source, ...marketParts] = decoded;
  const lower = viewName.toLowerCase();
  const view = (viewById(views, lower) ?? views.find((entry) => entry.linkAliases?.includes(lower) === true))?.id;
  if (view === undefined) return { kind: 'invalid', reason: `"${viewName}" is not a view (views: ${views.map((entry) => entry.id).join(', ')})` };
  const params: ViewParams = {};
  const dropped: string[] = [];
  if (questionMark >= 0) readQuery(body.slice(questionMark + 1), params, dropped);
  if (nonEmpty(source)) params.source = source;
  // A market written with a raw `/` (BTC/USDT) spans the remaining segments.
  if (marketParts.length > 0 && params.source !== undefined) params.market = marketParts.join('/');
  if (params.start !== undefined && params.end !== undefined && params.start > params.end) {
    dropped.push('from/to: from is after to');
    delete params.start;
    delete params.end;
  }
  return { kind: 'route', route: { view, params }, dropped };
}
