import type { ContractResult } from '../../../shared/contract/errors.ts';

// Every contract call is checked here before anything walks its input recursively: the
// structured clone that carries it to the service host, the schema that validates it. A window
// that sends a deeply nested or enormous value gets a typed refusal instead of a stack overflow
// that takes a process down.

/** How deep and how large a call's input may be. */
export interface InputLimits {
  /** Nesting of arrays and objects; the contract's deepest input is under ten levels. */
  maxDepth: number;
  /** Values (arrays, objects, members, items) in all; the largest input (10,000 keys) holds about 60,000. */
  maxValues: number;
}

/** The limits every transport applies. */
export const contractInputLimits: InputLimits = { maxDepth: 64, maxValues: 500_000 };

/**
 * What is wrong with an input's shape, or null when it is within `limits`. The walk keeps its own
 * stack (no recursion), so it is safe on any input, and stops at the first value past a limit.
 */
export function inputBoundsProblem(input: unknown, limits: InputLimits = contractInputLimits): string | null {
  const pending: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  let values = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    values += 1;
    if (values > limits.maxValues) return `it holds more than ${limits.maxValues.toLocaleString('en-US')} values`;
    const { value, depth } = next;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= limits.maxDepth) return `it is nested more than ${limits.maxDepth} levels deep`;
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) continue;
    const items: unknown[] = Array.isArray(value) ? value : Object.values(value);
    if (values + items.length > limits.maxValues) return `it holds more than ${limits.maxValues.toLocaleString('en-US')} values`;
    for (const item of items) pending.push({ value: item, depth: depth + 1 });
  }
  return null;
}

/** The typed refusal of a call whose input is past the limits, or null when the call may go on. */
export function refuseUnboundedInput(channel: unknown, input: unknown, limits: InputLimits = contractInputLimits): ContractResult<unknown> | null {
  const problem = inputBoundsProblem(input, limits);
  if (problem === null) return null;
  const name = typeof channel === 'string' ? channel : null;
  return {
    ok: false,
    error: {
      kind: 'invalid-request',
      message: `Refused the input of ${name ?? 'a contract call'}: ${problem}`,
      resolution: 'Send a smaller, flatter value; no contract input needs more than a few levels.',
      channel: name,
    },
  };
}
