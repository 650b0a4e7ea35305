import { z } from 'zod';
import { contractErrorShape } from './errors.ts';

/** Path of the contract WebSocket in browser mode. */
export const contractSocketPath = '/contract';

/** A call from the renderer: `id` pairs it with its result. */
export const wsInvokeMessage = z.object({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string(),
  input: z.unknown().optional(),
});

/** A call from the renderer. */
export type WsInvokeMessage = z.infer<typeof wsInvokeMessage>;

/** A message from main to the renderer: a call's result, or a push event. */
export const wsServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('result'),
    id: z.number().int().nonnegative().nullable(),
    result: z.union([
      z.object({ ok: z.literal(true), value: z.unknown() }),
      z.object({ ok: z.literal(false), error: contractErrorShape }),
    ]),
  }),
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown() }),
]);

/** A message from main to the renderer. */
export type WsServerMessage = z.infer<typeof wsServerMessage>;

/** The JSON header of a binary message (`ws-binary.ts`): the event or result, with buffer placeholders, and each buffer's length. */
export const wsBinaryHeader = z.discriminatedUnion('type', [
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown(), buffers: z.array(z.number().int().nonnegative()) }),
  z.object({
    type: z.literal('result'),
    id: z.number().int().nonnegative().nullable(),
    result: z.object({ ok: z.literal(true), value: z.unknown() }),
    buffers: z.array(z.number().int().nonnegative()),
  }),
]);
