import { ContractError, type ContractResult } from '../../../shared/contract/errors.ts';
import { fileGrantsSchema, type FileGrant } from '../../../shared/contract/file-schemas.ts';
import type { ContractEndpoint } from '../contract/contract-endpoint.ts';
import { EventHub } from '../contract/event-hub.ts';
import { refuseUnboundedInput } from '../contract/input-bounds.ts';
import { JsonText } from '../contract/json-text.ts';
import { hostMessageOf, type FrontMessage, type MessageLink } from './host-protocol.ts';

/** One started service host process, as the front sees it. */
export interface HostProcess {
  readonly link: MessageLink<FrontMessage>;
  /** Settles when the process has exited, with how (e.g. `exit code 1`, `signal SIGKILL`). */
  readonly exited: Promise<string>;
  /** Ends the process at once. */
  kill(): void;
  /** Its process id, once started. */
  readonly pid: number | undefined;
}

/** Starts a service host process: a Node child in browser mode, an Electron utility process in the app. */
export type HostSpawner = () => HostProcess;

/** Options of the front's connection to the service host. */
export interface ServiceHostConnectionOptions {
  /** The front's native open dialog, for the host's `files.pick`; none in browser mode. */
  pickFiles?: () => Promise<readonly string[]>;
  /** Told when the host process ended without being asked to, and whether it is started again. */
  onCrash?: (how: string, restarting: boolean) => void;
  /** Crashes within `crashWindowMs` after which the host is not started again. Default 3. */
  crashLimit?: number;
  /** Default 60 s. */
  crashWindowMs?: number;
  /** The clock that dates crashes (injected in tests). */
  now?: () => number;
}

type Pending = (result: ContractResult<unknown>) => void;

/** A call that could not reach the services, as a typed error the window shows. */
function hostDown(channel: unknown, message: string, resolution: string): ContractResult<unknown> {
  return { ok: false, error: { kind: 'unavailable', message, resolution, channel: typeof channel === 'string' ? channel : null } };
}

/**
 * The front's side of the service host (the Electron main process, or browser mode's server):
 * forwards each contract call to the host process and pairs it with its result, relays the host's
 * events to a hub the window's transport attaches to, and answers the host's requests for the
 * native open dialog. If the host process dies, the calls it held fail with an `unavailable`
 * error and a new host is started (unless it keeps dying: `crashLimit` within `crashWindowMs`).
 */
export class ServiceHostConnection implements ContractEndpoint {
  readonly events = new EventHub();
  readonly #spawn: HostSpawner;
  readonly #options: ServiceHostConnectionOptions;
  readonly #now: () => number;
  readonly #pending = new Map<number, { channel: unknown; settle: Pending }>();
  readonly #crashes: number[] = [];
  #nextId = 0;
  #host: HostProcess | null = null;
  #closing: Promise<void> | null = null;
  #gaveUp = false;

  constructor(spawn: HostSpawner, options: ServiceHostConnectionOptions = {}) {
    this.#spawn = spawn;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#start();
  }

  /**
   * Forwards one contract call to the host; resolves with its typed result, never rejects. An
   * input nested too deep or too large for the structured clone is refused here, before it is sent.
   */
  call(channel: unknown, input: unknown): Promise<ContractResult<unknown>> {
    const unbounded = refuseUnboundedInput(channel, input);
    if (unbounded !== null) return Promise.resolve(unbounded);
    return this.#send(channel, (id) => ({ type: 'call', id, channel, input }));
  }

  /** Has the host grant files the front received (browser mode's uploads); throws a `ContractError` for a refused one. */
  async grantUploads(paths: readonly string[]): Promise<FileGrant[]> {
    const result = await this.#send('files.upload', (id) => ({ type: 'grant-uploads', id, paths: [...paths] }));
    if (!result.ok) throw new ContractError(result.error);
    return fileGrantsSchema.parse(result.value).files;
  }

  /**
   * Asks the host to stop its services and waits until it has exited; past `deadlineMs` the
   * process is killed. Calls still waiting fail as the host goes.
   */
  close(deadlineMs = 3_000): Promise<void> {
    this.#closing ??= (async () => {
      const host = this.#host;
      if (host === null) return;
      host.link.send({ type: 'close' });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          host.kill();
          resolve();
        }, deadlineMs);
      });
      await Promise.race([host.exited, deadline]);
      clearTimeout(timer);
      this.#failPending('The services process stopped as the app closed', 'Start the app again.');
    })();
    return this.#closing;
  }

  #send(channel: unknown, message: (id: number) => FrontMessage): Promise<ContractResult<unknown>> {
    const host = this.#host;
    if (host === null || this.#closing !== null) {
      return Promise.resolve(
        this.#gaveUp
          ? hostDown(channel, 'The services process keeps stopping, so it is no longer restarted', 'Restart the app; if it happens again, report the log printed in the terminal.')
          : hostDown(channel, 'The services process is closing', 'Start the app again.'),
      );
    }
    const id = this.#nextId++;
    return new Promise((settle) => {
      this.#pending.set(id, { channel, settle });
      try {
        host.link.send(message(id));
      } catch (error) {
        // A value the link cannot carry fails its own call; it never takes the front down.
        this.#pending.delete(id);
        const reason = error instanceof Error ? error.message : String(error);
        settle({
          ok: false,
          error: { kind: 'invalid-request', message: `The call could not be sent to the services process: ${reason}`, resolution: 'Send a smaller, plainer value.', channel: typeof channel === 'string' ? channel : null },
        });
      }
    });
  }

  #start(): void {
    const host = this.#spawn();
    this.#host = host;
    host.link.onMessage((raw) => this.#receive(host, raw));
    void host.exited.then((how) => this.#exited(host, how));
  }

  #receive(host: HostProcess, raw: unknown): void {
    const message = hostMessageOf(raw);
    if (message === null) return;
    switch (message.type) {
      case 'result':
      case 'result-json': {
        const pending = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        pending?.settle(message.type === 'result' ? message.result : { ok: true, value: new JsonText(message.json) });
        return;
      }
      case 'event':
        this.events.relay(message.event, message.payload);
        return;
      case 'ask': {
        const pick = this.#options.pickFiles ?? (() => Promise.resolve([]));
        void pick()
          .catch(() => [])
          .then((paths) => host.link.send({ type: 'answer', id: message.id, paths: [...paths] }));
        return;
      }
      case 'ready':
      case 'closed':
        return;
    }
  }

  #exited(host: HostProcess, how: string): void {
    if (this.#host !== host) return;
    this.#host = null;
    if (this.#closing !== null) return;
    const now = this.#now();
    const window = this.#options.crashWindowMs ?? 60_000;
    this.#crashes.push(now);
    while (this.#crashes.length > 0 && (this.#crashes[0] ?? now) <= now - window) this.#crashes.shift();
    this.#gaveUp = this.#crashes.length >= (this.#options.crashLimit ?? 3);
    this.#options.onCrash?.(how, !this.#gaveUp);
    this.#failPending(
      `The services process stopped (${how}) while this call was running`,
      this.#gaveUp ? 'Restart the app; if it happens again, report the log printed in the terminal.' : 'Try again: the services have been restarted.',
    );
    if (!this.#gaveUp) this.#start();
  }

  #failPending(message: string, resolution: string): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const { channel, settle } of pending) settle(hostDown(channel, message, resolution));
  }
}
