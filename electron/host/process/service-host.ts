import type { ContractResult } from '../../../shared/contract/errors.ts';
import { ContractError } from '../../../shared/contract/errors.ts';
import { dispatch, type DispatchLogger } from '../contract/dispatch.ts';
import { createMainServices, type MainServices } from '../main-services.ts';
import { holdsArrayBuffer } from '../../../shared/contract/ws-binary.ts';
import { nextTurn } from '../../base/next-turn.ts';
import { jsonInTurns } from './json-in-turns.ts';
import { frontMessageOf, type HostMessage, type HostStart, type MessageLink } from './host-protocol.ts';

/** A running service host: the services, and how to stop them. */
export interface ServiceHost {
  readonly services: MainServices;
  /** Stops every service (what a `close` message does, without the exit). */
  close(): Promise<void>;
}

/**
 * Runs every main-side service in this process and answers the front over `link`: calls are
 * validated and dispatched here, events go out as they happen, and `files.pick` asks the front
 * for its native dialog. A `close` message stops the services, answers `closed` and calls `exit`.
 */
export function runServiceHost(start: HostStart, link: MessageLink<HostMessage>, exit: () => void, log: DispatchLogger): ServiceHost {
  let nextAsk = 0;
  const asks = new Map<number, (paths: string[]) => void>();
  const pickFiles = (): Promise<string[]> =>
    new Promise((resolve) => {
      const id = nextAsk++;
      asks.set(id, resolve);
      link.send({ type: 'ask', id, question: 'pick-files' });
    });
  const services = createMainServices({
    userDataDir: start.userDataDir,
    mode: start.mode,
    electronVersion: start.electronVersion,
    // The app builds the demo's busy day ahead while idle; MDE_DEMO_PREGENERATE=0 turns that off (a run that wants no background work).
    pregenerateDemo: process.env['MDE_DEMO_PREGENERATE'] !== '0',
    ...(start.healthIntervalMs !== undefined ? { healthIntervalMs: start.healthIntervalMs } : {}),
    ...(start.canPickFiles ? { pickFiles } : {}),
  });
  services.events.attach((event, payload) => link.send({ type: 'event', event, payload }));
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => (closing ??= services.close());

  link.onMessage((raw) => {
    const message = frontMessageOf(raw);
    if (message === null) return;
    switch (message.type) {
      case 'call':
        void dispatch(services.handlers, message.channel, message.input, log)
          .then((result) => resultMessage(start, message.id, message.channel, result))
          .then((reply) => link.send(reply));
        return;
      case 'grant-uploads':
        void grantUploads(services, message.paths).then((result) => link.send({ type: 'result', id: message.id, result }));
        return;
      case 'answer':
        asks.get(message.id)?.(message.paths);
        asks.delete(message.id);
        return;
      case 'close':
        void close().finally(() => {
          link.send({ type: 'closed' });
          exit();
        });
        return;
    }
  });
  link.send({ type: 'ready' });
  void services.dataSource.checkHealth();
  return { services, close };
}

/** Book replays' results name the replays a socket started (the front reads them), so they stay values. */
const keptAsValues = (channel: unknown): boolean => typeof channel === 'string' && channel.startsWith('book.');

/**
 * A call's answer to the front: a successful value without buffers as JSON text when the front
 * asked for that, written a slice per turn so a large one never holds the loop for long.
 */
async function resultMessage(start: HostStart, id: number, channel: unknown, result: ContractResult<unknown>): Promise<HostMessage> {
  if (start.valuesAsJson !== true || !result.ok || result.value === undefined || keptAsValues(channel) || holdsArrayBuffer(result.value)) return { type: 'result', id, result };
  return { type: 'result-json', id, json: await jsonInTurns(result.value, nextTurn) };
}

async function grantUploads(services: MainServices, paths: readonly string[]): Promise<ContractResult<unknown>> {
  try {
    return { ok: true, value: { files: await services.files.grant(paths, 'upload') } };
  } catch (error) {
    if (error instanceof ContractError) return { ok: false, error: error.toShape() };
    return {
      ok: false,
      error: { kind: 'internal', message: `The upload could not be granted: ${error instanceof Error ? error.message : String(error)}`, resolution: 'Choose the file again.', channel: null },
    };
  }
}
