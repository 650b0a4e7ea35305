import { requestChannels } from './channels.ts';
import { ContractError, contractErrorShape } from './errors.ts';
import type { Invoke, MdeApi, MdeBridge, Subscribe } from './types.ts';

/** Channel names grouped as `{ namespace: [method, ...] }`, derived from the contract. */
export function channelTree(): Record<string, string[]> {
  const tree: Record<string, string[]> = {};
  for (const channel of Object.keys(requestChannels)) {
    const [namespace, method] = splitChannel(channel);
    (tree[namespace] ??= []).push(method);
  }
  return tree;
}

function splitChannel(channel: string): [string, string] {
  const dot = channel.indexOf('.');
  return [channel.slice(0, dot), channel.slice(dot + 1)];
}

/** Builds the domain-shaped bridge from a transport's invoke and subscribe primitives. */
export function createBridge(invoke: Invoke, on: Subscribe): MdeBridge {
  const bridge: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const [namespace, methods] of Object.entries(channelTree())) {
    const group: Record<string, (input?: unknown) => Promise<unknown>> = {};
    for (const method of methods) {
      const channel = `${namespace}.${method}`;
      group[method] = (input?: unknown) => invoke(channel, input);
    }
    bridge[namespace] = group;
  }
  return { ...bridge, events: { on } } as unknown as MdeBridge;
}

/** Wraps a bridge so each call resolves to its value or throws a typed `ContractError`. */
export function createApi(bridge: MdeBridge): MdeApi {
  const source = bridge as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const [namespace, methods] of Object.entries(channelTree())) {
    const group: Record<string, (input?: unknown) => Promise<unknown>> = {};
    for (const method of methods) {
      group[method] = async (input?: unknown) => {
        const call = source[namespace]?.[method];
        if (call === undefined) {
          throw new ContractError({
            kind: 'unknown-channel',
            message: `The bridge has no ${namespace}.${method}`,
            resolution: 'Restart the app so the window and the main process run the same version.',
            channel: `${namespace}.${method}`,
          });
        }
        const result = (await call(input)) as { ok: true; value: unknown } | { ok: false; error: unknown };
        if (result.ok) return result.value;
        throw contractErrorOfWire(result.error, `${namespace}.${method}`);
      };
    }
    api[namespace] = group;
  }
  return { ...api, events: bridge.events } as unknown as MdeApi;
}

/**
 * The error a transport delivered, checked against the contract: a shape from a different
 * version of the main process becomes a plain `internal` error instead of a half-read one.
 */
function contractErrorOfWire(error: unknown, channel: string): ContractError {
  const parsed = contractErrorShape.safeParse(error);
  if (parsed.success) return new ContractError(parsed.data);
  const message = typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : 'The main process sent an error this window cannot read';
  return new ContractError({ kind: 'internal', message, resolution: 'Restart the app so the window and the main process run the same version.', channel });
}
