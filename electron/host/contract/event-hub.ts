import { eventChannels } from '../../../shared/contract/channels.ts';
import type { EventChannel, EventPayload } from '../../../shared/contract/types.ts';

/**
 * Receives every push event; a transport forwards it to its renderer(s) as it is. The payload is
 * the event's (`emit` is typed per channel), or one relayed from the service host as it came.
 */
export type EventSink = (event: EventChannel, payload: unknown) => void;

/** Whether a name is one of the contract's event channels. */
function isEventChannel(name: string): name is EventChannel {
  return Object.hasOwn(eventChannels, name);
}

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
    this.#publish(event, payload);
  }

  #publish(event: EventChannel, payload: unknown): void {
    for (const sink of this.#sinks) {
      try {
        sink(event, payload);
      } catch {
        // A closed window or socket must not break delivery to the rest.
      }
    }
  }

  /**
   * Publishes an event that another process already published (the service host's): its name is
   * checked against the contract, the payload is passed on as it came. Returns false for a name
   * that is no event channel.
   */
  relay(event: string, payload: unknown): boolean {
    if (!isEventChannel(event)) return false;
    this.#publish(event, payload);
    return true;
  }
}
