import type { z } from 'zod';
import type { ContractResult } from './errors.ts';
import type { eventChannels, requestChannels } from './channels.ts';
import type { DroppedFiles } from './file-schemas.ts';

/** Name of a request/response channel, such as `settings.get`. */
export type RequestChannel = keyof typeof requestChannels;

/** Name of a push-event channel, such as `health.changed`. */
export type EventChannel = keyof typeof eventChannels;

/** What a caller passes to a channel (before validation). */
export type ChannelInput<C extends RequestChannel> = z.input<(typeof requestChannels)[C]['input']>;

/** What a handler receives after validation. */
export type ParsedInput<C extends RequestChannel> = z.output<(typeof requestChannels)[C]['input']>;

/** What a channel resolves to. */
export type ChannelOutput<C extends RequestChannel> = z.output<(typeof requestChannels)[C]['output']>;

/** The payload of a push event. */
export type EventPayload<E extends EventChannel> = z.output<(typeof eventChannels)[E]>;

type NamespaceOf<C> = C extends `${infer N}.${string}` ? N : never;
type MethodOf<C, N extends string> = C extends `${N}.${infer M}` ? M : never;

/**
 * Channels whose bridge method takes something other than the channel's input: the preload
 * turns it into the input (`electron/shell/dropped-files.ts`), so the renderer cannot name a path.
 */
interface PreloadArguments {
  'files.grantDropped': DroppedFiles;
}

/** What the renderer passes to a bridge method. */
type MethodInput<C extends RequestChannel> = C extends keyof PreloadArguments ? PreloadArguments[C] : ChannelInput<C>;

/** A method that takes the channel's input, or none when the input is undefined. */
type Method<C extends RequestChannel, R> = [MethodInput<C>] extends [undefined]
  ? () => Promise<R>
  : (input: MethodInput<C>) => Promise<R>;

type Namespaced<R extends 'result' | 'value'> = {
  [N in NamespaceOf<RequestChannel>]: {
    [M in MethodOf<RequestChannel, N>]: `${N}.${M}` extends infer C extends RequestChannel
      ? Method<C, R extends 'result' ? ContractResult<ChannelOutput<C>> : ChannelOutput<C>>
      : never;
  };
};

/** Subscribes to a push event; returns the unsubscribe function. */
export type Subscribe = <E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;

/**
 * The domain-shaped bridge both transports provide (`window.mde` from the preload, or the
 * WebSocket client in browser mode). Calls resolve to results, never reject with data loss.
 */
export type MdeBridge = Namespaced<'result'> & { events: { on: Subscribe } };

/** The renderer's API: the bridge with results unwrapped; failures throw `ContractError`. */
export type MdeApi = Namespaced<'value'> & { events: { on: Subscribe } };

/** Calls one channel by name with raw input; the primitive both transports implement. */
export type Invoke = (channel: string, input: unknown) => Promise<ContractResult<unknown>>;
