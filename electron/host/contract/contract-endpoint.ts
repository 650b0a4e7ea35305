import type { ContractResult } from '../../../shared/contract/errors.ts';
import { dispatch, type DispatchLogger } from './dispatch.ts';
import type { EventHub } from './event-hub.ts';
import type { ContractHandlers } from './handlers.ts';

/**
 * What a transport (Electron IPC, the browser-mode WebSocket) puts in front of the window: a
 * call that answers any contract message with a typed result, and the hub of push events. The
 * services behind it run in this process (tests) or in the service host process (the app).
 */
export interface ContractEndpoint {
  /** Validates and answers one call; never throws, every failure is a typed error value. */
  call(channel: unknown, input: unknown): Promise<ContractResult<unknown>>;
  /** Push events from the services. */
  readonly events: EventHub;
}

/** The services of this process as an endpoint: each call dispatched to `handlers`. */
export function inProcessEndpoint(handlers: ContractHandlers, events: EventHub, log: DispatchLogger = () => {}): ContractEndpoint {
  return { call: (channel, input) => dispatch(handlers, channel, input, log), events };
}
