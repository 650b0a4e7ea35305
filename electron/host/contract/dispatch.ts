import type { z } from 'zod';
import { requestChannels } from '../../../shared/contract/channels.ts';
import { ContractError, type ContractResult } from '../../../shared/contract/errors.ts';
import type { ParsedInput, RequestChannel } from '../../../shared/contract/types.ts';
import type { ContractHandlers } from './handlers.ts';
import { refuseUnboundedInput } from './input-bounds.ts';

/** Logs an unexpected handler failure; never receives secrets, only the channel and the error. */
export type DispatchLogger = (message: string, error: unknown) => void;

function isRequestChannel(channel: unknown): channel is RequestChannel {
  return typeof channel === 'string' && Object.hasOwn(requestChannels, channel);
}

/**
 * Validates one incoming call against the contract and runs its handler. Every failure comes
 * back as a typed error value; nothing a caller sends can crash the main process.
 */
export async function dispatch(
  handlers: ContractHandlers,
  channel: unknown,
  input: unknown,
  log: DispatchLogger = () => {},
): Promise<ContractResult<unknown>> {
  if (!isRequestChannel(channel)) {
    return {
      ok: false,
      error: {
        kind: 'unknown-channel',
        message: `Unknown channel ${JSON.stringify(channel)}`,
        resolution: `Use one of: ${Object.keys(requestChannels).join(', ')}.`,
        channel: typeof channel === 'string' ? channel : null,
      },
    };
  }
  const unbounded = refuseUnboundedInput(channel, input);
  if (unbounded !== null) return unbounded;
  return dispatchTo(handlers, channel, input, log);
}

/**
 * Each channel's input schema, typed by its channel (the assignment checks `requestChannels`
 * against it), so that one generic call keeps a channel's parsed input and its handler together.
 */
const inputSchemas: { readonly [C in RequestChannel]: { readonly input: z.ZodType<ParsedInput<C>> } } = requestChannels;

/** Validates the input of one known channel and runs its handler. */
async function dispatchTo<C extends RequestChannel>(handlers: ContractHandlers, channel: C, input: unknown, log: DispatchLogger): Promise<ContractResult<unknown>> {
  const parsed = inputSchemas[channel].input.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.') || '(input)',
      message: issue.message,
    }));
    return {
      ok: false,
      error: {
        kind: 'invalid-request',
        message: `Invalid input for ${channel}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
        resolution: 'Correct the highlighted fields and try again.',
        channel,
        issues,
      },
    };
  }
  const handler = handlers[channel];
  try {
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    if (error instanceof ContractError) return { ok: false, error: { ...error.toShape(), channel } };
    log(`contract channel ${channel} failed`, error);
    return {
      ok: false,
      error: {
        kind: 'internal',
        message: `${channel} failed: ${error instanceof Error ? error.message : String(error)}`,
        resolution: 'Try again; if it keeps failing, restart the app and report the message above.',
        channel,
      },
    };
  }
}
