import type { ContractResult } from '../../shared/contract/errors.ts';
import type { ContractEndpoint } from '../host/contract/contract-endpoint.ts';

/** Channels whose results name book replays the caller started, and where their ids are. */
const replayIdKeys: Readonly<Record<string, readonly string[]>> = {
  'book.replayFiles': ['replayId'],
  'book.replayMarket': ['replayId'],
  'book.crossCheck': ['serverReplayId', 'localReplayId'],
};

/**
 * The book replays one browser page started over its socket: when the page goes (closed,
 * reloaded, navigated away), the replays it was reading are cancelled and their sessions
 * released, so nothing keeps reading or holding memory for a page that is gone.
 */
export class SocketReplays {
  readonly #ids = new Set<string>();

  /** Notes the replays a successful result of `channel` names. */
  started(channel: string, result: ContractResult<unknown>): void {
    const keys = replayIdKeys[channel];
    if (keys === undefined || !result.ok || typeof result.value !== 'object' || result.value === null) return;
    for (const key of keys) {
      const id: unknown = Reflect.get(result.value, key);
      if (typeof id === 'string' && id !== '') this.#ids.add(id);
    }
  }

  /** Cancels every replay noted and releases its session (a finished or released one answers "not held", harmlessly). */
  async endAll(call: ContractEndpoint['call']): Promise<void> {
    const ids = [...this.#ids];
    this.#ids.clear();
    await Promise.all(ids.map(async (replayId) => {
      await call('book.cancel', { replayId });
      await call('book.release', { replayId });
    }));
  }
}
