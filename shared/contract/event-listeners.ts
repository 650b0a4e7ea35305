import type { Subscribe } from './types.ts';

/** Push-event listeners on the receiving side of a transport: `on` subscribes, `deliver` fans out. */
export interface EventListeners {
  on: Subscribe;
  deliver(event: string, payload: unknown): void;
}

/** Creates the listener registry both transports (preload IPC, browser-mode WebSocket) use. */
export function createEventListeners(): EventListeners {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
    deliver: (event, payload) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}
