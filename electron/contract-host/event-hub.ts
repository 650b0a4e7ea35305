import type { EventChannel, EventPayload } from '../../shared/contract/types.ts';

/** Receives every push event; a transport forwards it to its renderer(s). */
export type EventSink = <E extends EventChannel>(event: E, payload: EventPayload<E>) => void;

/** Fans main-side push events out to every connected transport. */
export class EventHub {
  readonly #sinks = new Set<EventSink>();

  /** Adds a transport's sink; returns the function that removes it. */
  attach(sink: EventSink): () => void {
    this.#sinks.add(sink);
    return () => this.#sinks.delete(sink);
  }

  /** Publishes one event to every attached sink. A failing sink does not stop the others. */
  emit<E extends EventChannel>(event: E, payload: EventPayload<E>): void {
    for (const sink of this.#sinks) {
      try {
        sink(event, payload);
      } catch {
        // A closed window or socket must not break delivery to the rest.
      }
    }
  }
}
