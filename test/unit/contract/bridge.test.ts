import { describe, expect, it } from 'vitest';
import { channelTree, createApi, createBridge } from '../../../shared/contract/bridge.ts';
import { requestChannels } from '../../../shared/contract/channels.ts';
import { ContractError, type ContractResult } from '../../../shared/contract/errors.ts';
import type { Subscribe } from '../../../shared/contract/types.ts';
import { dispatch } from '../../../electron/host/contract/dispatch.ts';
import { createMainServices } from '../../../electron/host/main-services.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const noEvents: Subscribe = () => () => {};

describe('the domain-shaped API built from the contract', () => {
  const tempDir = useTempDirs();

  it('has one method per request channel, grouped by namespace', () => {
    const tree = channelTree();
    const flattened = Object.entries(tree).flatMap(([ns, methods]) => methods.map((m) => `${ns}.${m}`));
    expect(flattened.sort()).toEqual(Object.keys(requestChannels).sort());
  });

  it('calls through to the main services and throws typed errors for bad input', async () => {
    const services = createMainServices({ userDataDir: await tempDir(), mode: 'browser', healthIntervalMs: 0 });
    const calls: string[] = [];
    const invoke = (channel: string, input: unknown): Promise<ContractResult<unknown>> => {
      calls.push(channel);
      return dispatch(services.handlers, channel, input);
    };
    const api = createApi(createBridge(invoke, noEvents));
    try {
      const saved = await api.settings.update({ ui: { timeZone: 'local' } });
      expect(saved.ui.timeZone).toBe('local');
      expect((await api.settings.get()).ui.timeZone).toBe('local');

      const failure = await api.settings.update({ dataSource: 'remote' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ContractError);
      expect((failure as ContractError).kind).toBe('invalid-request');
      expect((failure as ContractError).message).toMatch(/base URL/);
      expect(calls).toEqual(['settings.update', 'settings.get', 'settings.update']);
    } finally {
      await services.close();
    }
  });

  it("throws a rate-limited error with the service's wait, and reads an error of another version as `internal`", async () => {
    const invoke = (channel: string): Promise<ContractResult<unknown>> =>
      Promise.resolve(
        channel === 'usage.get'
          ? { ok: false, error: { kind: 'rate-limited', message: 'Slow down', resolution: 'Wait 12 s.', channel, retryAfterMs: 12_000 } }
          : // A main process of another version may send a kind this window does not know, as it would arrive off the wire.
            (JSON.parse(JSON.stringify({ ok: false, error: { kind: 'quota-exhausted', message: 'Out of quota', resolution: 'Upgrade.', channel } })) as ContractResult<unknown>),
      );
    const api = createApi(createBridge(invoke, noEvents));
    const limited = await api.usage.get().catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ContractError);
    expect(limited).toMatchObject({ kind: 'rate-limited', message: 'Slow down', resolution: 'Wait 12 s.', retryAfterMs: 12_000, channel: 'usage.get' });
    const foreign = await api.app.info().catch((error: unknown) => error);
    expect(foreign).toMatchObject({ kind: 'internal', message: 'Out of quota', channel: 'app.info', retryAfterMs: null });
    expect((foreign as ContractError).resolution).toMatch(/same version/);
  });

  it('reads a reply that is no result at all as an `internal` error of its channel', async () => {
    // A transport can only promise a result; what arrives is checked before it is read.
    const invoke = (channel: string): Promise<ContractResult<unknown>> => Promise.resolve(JSON.parse(channel === 'app.info' ? 'null' : '{"value":1}') as ContractResult<unknown>);
    const api = createApi(createBridge(invoke, noEvents));
    for (const call of [api.app.info(), api.usage.get()]) {
      const failure = await call.catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ContractError);
      expect(failure).toMatchObject({ kind: 'internal', message: 'The main process sent a reply this window cannot read' });
    }
  });
});
