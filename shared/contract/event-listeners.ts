import type { z } from 'zod';
import { eventChannels } from './channels.ts';
import type { EventChannel, EventPayload, Subscribe } from './types.ts';

/** Push-event listeners on the receiving side of a transport: `on` subscribes, `deliver` fans out. */
export interface EventListeners {
  on: Subscribe;
  deliver(event: string, payload: unknown): void;
}

/** Each event channel's payload schema, typed by its channel (the assignment checks `eventChannels` against it). */
const payloadSchemas: { readonly [E in EventChannel]: z.ZodType<EventPayload<E>> } = eventChannels;

/** A listener that takes a payload as it crossed the transport, and passes it on once its channel's schema has checked it. */
function checkedListener<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): (payload: unknown) => void {
  const schema = payloadSchemas[event];
  return (payload) => {
    const checked = schema.safeParse(payload);
    if (checked.success) listener(checked.data);
    else console.error(`A ${event} event was dropped: its payload does not match the contract (${checked.error.issues[0]?.message ?? 'no detail'})`);
  };
}

/**
 * Creates the listener registry both transports (preload IPC, browser-mode WebSocket) use. A
 * payload reaches a listener once its channel's schema has checked it; one that does not match is
 * reported and dropped, as garbage off a transport would be.
 */
export function createEventListeners(): EventListeners {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = checkedListener(event, listener);
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    deliver: (event, payload) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}
