import { hasFields } from '../guards/object-fields.ts';
import { requestChannels } from './channels.ts';
import { contractResultOf } from './contract-result.ts';
import { ContractError } from './errors.ts';
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

const restartBoth = 'Restart the app so the window and the main process run the same version.';

/** One method of a bridge or an API object: it takes the channel's input and resolves to its answer. */
type ChannelMethod = (input?: unknown) => Promise<unknown>;

/** Whether a value is callable: all that can be checked of a method before calling it. */
function isChannelMethod(value: unknown): value is ChannelMethod {
  return typeof value === 'function';
}

/** The method `namespace.method` of a bridge-shaped object, or undefined when it has none. */
function methodOf(target: unknown, namespace: string, method: string): ChannelMethod | undefined {
  const group = hasFields(target) ? target[namespace] : undefined;
  const call = hasFields(group) ? group[method] : undefined;
  return isChannelMethod(call) ? call : undefined;
}

/** Whether an object has a method for every channel of the contract, and `events.on`. */
function hasEveryChannel(value: unknown): boolean {
  const events = hasFields(value) ? value['events'] : undefined;
  if (!hasFields(events) || typeof events['on'] !== 'function') return false;
  return Object.entries(channelTree()).every(([namespace, methods]) => methods.every((method) => methodOf(value, namespace, method) !== undefined));
}

/** Whether an object is a bridge: a method per channel (each resolving to a result) and `events.on`. */
function isBridge(value: unknown): value is MdeBridge {
  return hasEveryChannel(value);
}

/** Whether an object is an API: a method per channel (each resolving to a value) and `events.on`. */
function isApi(value: unknown): value is MdeApi {
  return hasEveryChannel(value);
}

/** The namespaced methods of every channel, each made by `methodFor`. */
function namespacedMethods(methodFor: (namespace: string, method: string) => ChannelMethod): Record<string, Record<string, ChannelMethod>> {
  const groups: Record<string, Record<string, ChannelMethod>> = {};
  for (const [namespace, methods] of Object.entries(channelTree())) {
    const group: Record<string, ChannelMethod> = {};
    for (const method of methods) group[method] = methodFor(namespace, method);
    groups[namespace] = group;
  }
  return groups;
}

/** Builds the domain-shaped bridge from a transport's invoke and subscribe primitives. */
export function createBridge(invoke: Invoke, on: Subscribe): MdeBridge {
  const bridge = { ...namespacedMethods((namespace, method) => (input?: unknown) => invoke(`${namespace}.${method}`, input)), events: { on } };
  if (!isBridge(bridge)) throw new Error('The bridge was built without a method for every channel');
  return bridge;
}

/** Wraps a bridge so each call resolves to its value or throws a typed `ContractError`. */
export function createApi(bridge: MdeBridge): MdeApi {
  const methods = namespacedMethods((namespace, method) => async (input?: unknown) => {
    const channel = `${namespace}.${method}`;
    const call = methodOf(bridge, namespace, method);
    if (call === undefined) {
      throw new ContractError({
        kind: 'unknown-channel',
        message: `The bridge has no ${channel}`,
        resolution: restartBoth,
        channel,
      });
    }
    const result = contractResultOf(await call(input), channel);
    if (result === null) {
      throw new ContractError({ kind: 'internal', message: 'The main process sent a reply this window cannot read', resolution: restartBoth, channel });
    }
    if (result.ok) return result.value;
    throw new ContractError(result.error);
  });
  const api = { ...methods, events: bridge.events };
  if (!isApi(api)) throw new Error('The API was built without a method for every channel');
  return api;
}
