import { describe, expect, it } from 'vitest';
import { resolveRange } from '../../../renderer/src/navigation/time-range.ts';
import { latestHourRequest } from '../../../renderer/src/hooks/latest-hour-request.ts';

const now = Date.UTC(2026, 10, 22, 12, 0, 30, 456);
const hour = 3_600_000;

describe('latestHourRequest', () => {
  it('sends the last-hour span without bounds, so the service serves its own public hour', () => {
    const range = resolveRange({ span: '1h' }, now, '1h');
    expect(latestHourRequest(range, '/intents', false, now + 700)).toEqual({ bounds: null, refusal: null });
  });

  it('sends a shorter span with its bounds, anonymously allowed', () => {
    const range = resolveRange({ span: '10m' }, now, '1h');
    const request = latestHourRequest(range, '/quotes', false, now);
    expect(request.bounds).toEqual({ start: range.end - 600_000, end: range.end });
    expect(request.refusal).toBeNull();
  });

  it('refuses a longer span without a key, before sending, and lets it go with one', () => {
    const range = resolveRange({ span: '6h' }, now, '1h');
    expect(latestHourRequest(range, '/intents', false, now).refusal).toMatch(/^\/intents serves the rolling last hour anonymously/);
    expect(latestHourRequest(range, '/intents', true, now)).toEqual({ bounds: { start: range.start, end: range.end }, refusal: null });
  });

  it('judges fixed bounds against the clock: inside the last hour they go, once older they need a key', () => {
    const range = resolveRange({ start: now - hour / 2, end: now - hour / 4 }, now, '1h');
    expect(latestHourRequest(range, '/quotes', false, now).refusal).toBeNull();
    expect(latestHourRequest(range, '/quotes', false, now + hour).refusal).not.toBeNull();
  });

  it('sends a fixed hour-long range with its bounds (only the relative last hour goes without)', () => {
    const range = resolveRange({ start: now - 2 * hour, end: now - hour }, now, '1h');
    expect(latestHourRequest(range, '/quotes', true, now).bounds).toEqual({ start: now - 2 * hour, end: now - hour });
  });
});
