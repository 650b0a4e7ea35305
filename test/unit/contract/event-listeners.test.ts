import { describe, expect, it } from 'vitest';
import { createEventListeners } from '../../../shared/contract/event-listeners.ts';

describe('push-event listeners of a transport', () => {
  it('delivers an event to its subscribers only, until they unsubscribe', () => {
    const listeners = createEventListeners();
    const health: string[] = [];
    const settings: string[] = [];
    const offHealth = listeners.on('health.changed', (payload) => health.push(payload.message));
    listeners.on('settings.changed', (payload) => settings.push(payload.dataSource));
    listeners.deliver('health.changed', { message: 'up' });
    listeners.deliver('settings.changed', { dataSource: 'remote' });
    offHealth();
    listeners.deliver('health.changed', { message: 'down' });
    listeners.deliver('unknown.event', { message: 'ignored' });
    expect(health).toEqual(['up']);
    expect(settings).toEqual(['remote']);
  });
});
