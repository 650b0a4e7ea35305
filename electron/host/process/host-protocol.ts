import type { AppInfo } from '../../../shared/contract/channels.ts';
import { contractResultOf } from '../../../shared/contract/contract-result.ts';
import type { ContractResult } from '../../../shared/contract/errors.ts';

// The messages between the process that answers the window (the Electron main process, or
// browser mode's server) and the service host process that runs every service. They travel
// structured-cloned (an Electron MessagePort, or Node's IPC with advanced serialization), so
// ArrayBuffers in results and events cross as they are.

/** What the service host is started with. */
export interface HostStart {
  userDataDir: string;
  mode: AppInfo['mode'];
  electronVersion: string | null;
  /** Whether the front has a native open dialog the host may ask for (`files.pick`). */
  canPickFiles: boolean;
  /** Health re-check period; 0 disables the timer. Default 15 s. */
  healthIntervalMs?: number;
  /**
   * Send call values without ArrayBuffers as JSON text (`result-json`): the browser-mode front
   * writes them to its WebSocket as they are, so a large value costs its loop a copy, not a rebuild
   * and a JSON encoding.
   */
  valuesAsJson?: boolean;
}

/** A message from the front to the host. */
export type FrontMessage =
  | { type: 'call'; id: number; channel: unknown; input: unknown }
  /** Grant files the front received (browser mode's uploads): answered by a `result` with the grants. */
  | { type: 'grant-uploads'; id: number; paths: string[] }
  /** The answer to the host's `ask`. */
  | { type: 'answer'; id: number; paths: string[] }
  /** Stop every service, answer `closed`, then exit. */
  | { type: 'close' };

/** A message from the host to the front. */
export type HostMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; result: ContractResult<unknown> }
  /** A successful call's value as JSON text (see `HostStart.valuesAsJson`). */
  | { type: 'result-json'; id: number; json: string }
  | { type: 'event'; event: string; payload: unknown }
  /** The host needs the front's native open dialog; the front replies with `answer`. */
  | { type: 'ask'; id: number; question: 'pick-files' }
  | { type: 'closed' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The message as a front message, or null when it is not one. */
export function frontMessageOf(value: unknown): FrontMessage | null {
  if (!isRecord(value)) return null;
  const id = value['id'];
  const hasId = typeof id === 'number' && Number.isInteger(id);
  switch (value['type']) {
    case 'call':
      return hasId ? { type: 'call', id, channel: value['channel'], input: value['input'] } : null;
    case 'grant-uploads':
      return hasId && isStrings(value['paths']) ? { type: 'grant-uploads', id, paths: value['paths'] } : null;
    case 'answer':
      return hasId && isStrings(value['paths']) ? { type: 'answer', id, paths: value['paths'] } : null;
    case 'close':
      return { type: 'close' };
    default:
      return null;
  }
}

/** The message as a host message, or null when it is not one. */
export function hostMessageOf(value: unknown): HostMessage | null {
  if (!isRecord(value)) return null;
  const id = value['id'];
  const hasId = typeof id === 'number' && Number.isInteger(id);
  switch (value['type']) {
    case 'ready':
    case 'closed':
      return { type: value['type'] };
    case 'result': {
      const result = contractResultOf(value['result'], null);
      return hasId && result !== null ? { type: 'result', id, result } : null;
    }
    case 'result-json':
      return hasId && typeof value['json'] === 'string' ? { type: 'result-json', id, json: value['json'] } : null;
    case 'event':
      return typeof value['event'] === 'string' ? { type: 'event', event: value['event'], payload: value['payload'] } : null;
    case 'ask':
      return hasId && value['question'] === 'pick-files' ? { type: 'ask', id, question: 'pick-files' } : null;
    default:
      return null;
  }
}

/** The start options as `HostStart`, or null when they are not. */
export function hostStartOf(value: unknown): HostStart | null {
  if (!isRecord(value)) return null;
  const { userDataDir, mode, electronVersion, canPickFiles, healthIntervalMs, valuesAsJson } = value;
  if (typeof userDataDir !== 'string' || (mode !== 'electron' && mode !== 'browser')) return null;
  if (electronVersion !== null && typeof electronVersion !== 'string') return null;
  if (typeof canPickFiles !== 'boolean') return null;
  if (healthIntervalMs !== undefined && typeof healthIntervalMs !== 'number') return null;
  if (valuesAsJson !== undefined && typeof valuesAsJson !== 'boolean') return null;
  return {
    userDataDir,
    mode,
    electronVersion,
    canPickFiles,
    ...(healthIntervalMs !== undefined ? { healthIntervalMs } : {}),
    ...(valuesAsJson !== undefined ? { valuesAsJson } : {}),
  };
}

/** One end of the host's message channel, whatever carries it. */
export interface MessageLink<Out> {
  send(message: Out): void;
  /** Every message that arrives (unchecked); returns the unsubscribe. */
  onMessage(listener: (message: unknown) => void): () => void;
}
