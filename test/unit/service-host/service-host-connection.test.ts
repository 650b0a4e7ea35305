import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FrontMessage, HostMessage } from '../../../electron/host/process/host-protocol.ts';
import { ServiceHostConnection, type HostProcess } from '../../../electron/host/process/service-host-connection.ts';

/** A host process made of plain objects: what the front sent, a way to answer, and a way to die. */
class FakeHost implements HostProcess {
  readonly sent: FrontMessage[] = [];
  readonly #listeners = new Set<(message: unknown) => void>();
  #exit: (how: string) => void = () => {};
  readonly exited = new Promise<string>((resolve) => {
    this.#exit = resolve;
  });
  killed = false;
  readonly pid = undefined;
  readonly link = {
    send: (message: FrontMessage) => {
      this.sent.push(message);
    },
    onMessage: (listener: (message: unknown) => void) => {
      this.#listeners.add(listener);
      return () => this.#listeners.delete(listener);
    },
  };

  /** Delivers a message from the host. */
  say(message: HostMessage | Record<string, unknown>): void {
    for (const listener of this.#listeners) listener(message);
  }

  die(how = 'signal SIGKILL'): void {
    this.#exit(how);
  }

  kill(): void {
    this.killed = true;
    this.#exit('signal SIGKILL');
  }

  /** The call messages sent so far. */
  calls(): Extract<FrontMessage, { type: 'call' }>[] {
    return this.sent.filter((message): message is Extract<FrontMessage, { type: 'call' }> => message.type === 'call');
  }
}

function rig(options: ConstructorParameters<typeof ServiceHostConnection>[1] = {}) {
  const hosts: FakeHost[] = [];
  const connection = new ServiceHostConnection(() => {
    const host = new FakeHost();
    hosts.push(host);
    return host;
  }, options);
  const host = (i: number): FakeHost => {
    const found = hosts[i];
    if (found === undefined) throw new Error(`no host ${i} was started (${hosts.length} were)`);
    return found;
  };
  return { connection, hosts, host };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the front forwards the contract to the service host process', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pairs each result with its call by id, whatever order the host answers in', async () => {
    const { connection, host } = rig();
    const first = connection.call('app.info', undefined);
    const second = connection.call('settings.get', undefined);
    const [a, b] = host(0).calls();
    expect(a).toMatchObject({ channel: 'app.info' });
    expect(b).toMatchObject({ channel: 'settings.get' });
    host(0).say({ type: 'result', id: b?.id ?? -1, result: { ok: true, value: 'settings' } });
    host(0).say({ type: 'result', id: a?.id ?? -1, result: { ok: true, value: 'info' } });
    expect(await first).toEqual({ ok: true, value: 'info' });
    expect(await second).toEqual({ ok: true, value: 'settings' });
  });

  it('relays contract events to its hub and drops names that are no event channel', () => {
    const { connection, host } = rig();
    const seen: string[] = [];
    connection.events.attach((event) => seen.push(event));
    host(0).say({ type: 'event', event: 'settings.changed', payload: {} });
    host(0).say({ type: 'event', event: 'not.an-event', payload: {} });
    host(0).say({ type: 'nonsense' });
    expect(seen).toEqual(['settings.changed']);
  });

  it('answers the host\'s request for the native dialog with the paths chosen, none when the dialog fails', async () => {
    const picks = [Promise.resolve(['/a.jsonl.zst', '/b.jsonl.zst']), Promise.reject(new Error('no window'))];
    const { host } = rig({ pickFiles: () => picks.shift() ?? Promise.resolve([]) });
    host(0).say({ type: 'ask', id: 7, question: 'pick-files' });
    host(0).say({ type: 'ask', id: 8, question: 'pick-files' });
    await settle();
    expect(host(0).sent).toEqual([
      { type: 'answer', id: 7, paths: ['/a.jsonl.zst', '/b.jsonl.zst'] },
      { type: 'answer', id: 8, paths: [] },
    ]);
  });

  it('when the host dies, the calls it held fail as unavailable, saying so, and a new host answers the next call', async () => {
    const crashes: [string, boolean][] = [];
    const { connection, hosts, host } = rig({ onCrash: (how, restarting) => crashes.push([how, restarting]) });
    const held = connection.call('book.replayMarket', { anything: true });
    host(0).die('exit code 134');
    const result = await held;
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'unavailable', channel: 'book.replayMarket' });
    expect(result.ok ? '' : result.error.message).toContain('exit code 134');
    expect(crashes).toEqual([['exit code 134', true]]);
    expect(hosts).toHaveLength(2);
    const next = connection.call('app.info', undefined);
    const [call] = host(1).calls();
    host(1).say({ type: 'result', id: call?.id ?? -1, result: { ok: true, value: 'again' } });
    expect(await next).toEqual({ ok: true, value: 'again' });
  });

  it('stops restarting a host that dies three times within a minute, and calls then say to restart the app; crashes a minute apart do not add up', async () => {
    let now = 0;
    const { connection, hosts, host } = rig({ now: () => now });
    for (const at of [0, 61_000, 122_000]) {
      now = at;
      host(hosts.length - 1).die();
      await settle();
    }
    expect(hosts).toHaveLength(4);
    for (const at of [200_000, 210_000, 220_000]) {
      now = at;
      host(hosts.length - 1).die();
      await settle();
    }
    expect(hosts).toHaveLength(6);
    const result = await connection.call('app.info', undefined);
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'unavailable' });
    expect(result.ok ? '' : result.error.resolution).toContain('Restart the app');
  });

  it('close asks the host to stop and waits for it to exit; a host that does not exit by the deadline is killed', async () => {
    const polite = rig();
    const closed = polite.connection.close(1_000);
    expect(polite.host(0).sent).toEqual([{ type: 'close' }]);
    polite.host(0).die('exit code 0');
    await closed;
    expect(polite.host(0).killed).toBe(false);
    expect(polite.hosts).toHaveLength(1);

    vi.useFakeTimers();
    const stuck = rig();
    const pending = stuck.connection.call('app.info', undefined);
    const closing = stuck.connection.close(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(stuck.host(0).killed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await closing;
    expect(stuck.host(0).killed).toBe(true);
    expect(stuck.hosts).toHaveLength(1);
    expect((await pending).ok).toBe(false);
    expect((await stuck.connection.call('app.info', undefined)).ok).toBe(false);
  });
});
