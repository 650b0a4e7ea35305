import type { ViewParams } from '../stores/ui-store.ts';

/** A relative span a range picker offers, and its length. */
export interface SpanChoice {
  id: string;
  label: string;
  ms: number;
}

/** The relative spans offered, shortest first. `latest` is the service's own anonymous window. */
export const spanChoices: readonly SpanChoice[] = [
  { id: '10m', label: '10m', ms: 10 * 60_000 },
  { id: '1h', label: '1h', ms: 3_600_000 },
  { id: '6h', label: '6h', ms: 6 * 3_600_000 },
  { id: '24h', label: '24h', ms: 24 * 3_600_000 },
  { id: '7d', label: '7d', ms: 7 * 86_400_000 },
  { id: '30d', label: '30d', ms: 30 * 86_400_000 },
];

/** A range resolved against a clock: inclusive Unix ms bounds, and whether it follows now. */
export interface ResolvedRange {
  start: number;
  end: number;
  /** True for a span relative to now (it moves on a refresh); false for fixed bounds. */
  relative: boolean;
  /** The span's id when relative. */
  span: string | null;
}

/**
 * The range a view's parameters name: fixed `start`/`end` when both are set, else the `span`
 * ending now (unknown spans fall back to `fallbackSpan`). `now` is rounded down to the second so
 * that a query key stays stable while the view re-renders.
 */
export function resolveRange(params: Pick<ViewParams, 'start' | 'end' | 'span'>, now: number, fallbackSpan: string): ResolvedRange {
  if (params.start !== undefined && params.end !== undefined && params.end >= params.start) {
    return { start: params.start, end: params.end, relative: false, span: null };
  }
  const choice = spanChoices.find((span) => span.id === params.span) ?? spanChoices.find((span) => span.id === fallbackSpan) ?? spanChoices[1];
  const end = Math.floor(now / 1000) * 1000;
  return { start: end - (choice?.ms ?? 3_600_000), end, relative: true, span: choice?.id ?? null };
}
