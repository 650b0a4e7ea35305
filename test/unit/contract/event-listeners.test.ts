import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Health } from '../../../shared/contract/channels.ts';
import { createEventListeners } from '../../../shared/contract/event-listeners.ts';
import { defaultSettings } from '../../../shared/settings.ts';

const health = (message: string): Health => ({ dataSource: 'embedded', baseUrl: null, status: 'ok', simulated: true, latencyMs: 3, checkedAt: 1_795_000_000_000, message });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('push-event listeners of a transport', () => {
  it('delivers an event to its subscribers only, until they unsubscribe', () => {
    const listeners = createEventListeners();
    const healthMessages: string[] = [];
    const settings: string[] = [];
    const offHealth = listeners.on('health.changed', (payload) => healthMessages.push(payload.message));
    listeners.on('settings.changed', (payload) => settings.push(payload.dataSource));
    listeners.deliver('health.changed', health('up'));
    listeners.deliver('settings.changed', { ...defaultSettings, dataSource: 'remote', remoteBaseUrl: 'http://127.0.0.1:8600' });
    offHealth();
    listeners.deliver('health.changed', health('down'));
    listeners.deliver('unknown.event', { message: 'ignored' });
    expect(healthMessages).toEqual(['up']);
    expect(settings).toEqual(['remote']);
  });

  it('drops a payload that does not match its channel, and says so, without stopping later ones', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const listeners = createEventListeners();
    const healthMessages: string[] = [];
    listeners.on('health.changed', (payload) => healthMessages.push(payload.message));
    listeners.deliver('health.changed', { message: 'half a payload' });
    listeners.deliver('health.changed', { ...health('wrong status'), status: 'fine' });
    listeners.deliver('health.changed', health('up'));
    expect(healthMessages).toEqual(['up']);
    expect(errors).toHaveBeenCalledTimes(2);
    expect(String(errors.mock.calls[0]?.[0])).toContain('A health.changed event was dropped');
  });
});
