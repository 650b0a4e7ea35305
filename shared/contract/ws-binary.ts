import { wsBinaryHeader, type WsServerMessage } from './ws-protocol.ts';

// Binary WebSocket frames for push events and call results that carry ArrayBuffers (frame chunks,
// heatmap tiles). JSON would turn a buffer into `{}`, so such a message goes as one binary message:
//   u32 little-endian header length | header JSON (UTF-8) | zero padding to 8 |
//   buffer 0 | padding to 8 | buffer 1 | ...
// The header is the event (or result) with each buffer replaced by `{"$mdeBuffer": index}` plus
// the buffer lengths. Buffers start on 8-byte boundaries so a receiver could view them in place.

const placeholderKey = '$mdeBuffer';

function pad8(n: number): number {
  return (n + 7) & ~7;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Whether `value` holds an ArrayBuffer anywhere in its plain objects and arrays (a scan that copies nothing). */
export function holdsArrayBuffer(value: unknown): boolean {
  if (value instanceof ArrayBuffer) return true;
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    // Long columns of numbers are the common case: a primitive is passed over without a call.
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null && holdsArrayBuffer(item)) return true;
    }
    return false;
  }
  if (!isPlainObject(value)) return false;
  for (const key in value) {
    const item = value[key];
    if (typeof item === 'object' && item !== null && holdsArrayBuffer(item)) return true;
  }
  return false;
}

/** A copy of `value` with every ArrayBuffer (in plain objects and arrays) replaced by a placeholder. */
function extractBuffers(value: unknown, buffers: ArrayBuffer[]): unknown {
  if (value instanceof ArrayBuffer) {
    buffers.push(value);
    return { [placeholderKey]: buffers.length - 1 };
  }
  if (Array.isArray(value)) return value.map((item: unknown) => extractBuffers(item, buffers));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = extractBuffers(item, buffers);
    return out;
  }
  return value;
}

function restoreBuffers(value: unknown, buffers: readonly ArrayBuffer[]): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => restoreBuffers(item, buffers));
  if (!isPlainObject(value)) return value;
  const index = value[placeholderKey];
  if (typeof index === 'number' && Object.keys(value).length === 1) {
    const buffer = buffers[index];
    if (buffer === undefined) throw new Error(`binary event: missing buffer ${index}`);
    return buffer;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = restoreBuffers(item, buffers);
  return out;
}

/**
 * Encodes a message as the parts of one binary WebSocket message (send them as fragments, or
 * join them), or returns null when it holds no ArrayBuffer and plain JSON will do.
 */
export function encodeBinaryMessage(message: WsServerMessage): Uint8Array[] | null {
  // Most messages hold no buffer: they are found out without copying their rows.
  if (!holdsArrayBuffer(message)) return null;
  const buffers: ArrayBuffer[] = [];
  const withPlaceholders = extractBuffers(message, buffers);
  if (buffers.length === 0 || !isPlainObject(withPlaceholders)) return null;
  const header = new TextEncoder().encode(JSON.stringify({ ...withPlaceholders, buffers: buffers.map((buffer) => buffer.byteLength) }));
  const head = new Uint8Array(pad8(4 + header.length));
  new DataView(head.buffer).setUint32(0, header.length, true);
  head.set(header, 4);
  const parts: Uint8Array[] = [head];
  for (const buffer of buffers) {
    parts.push(new Uint8Array(buffer));
    const padding = pad8(buffer.byteLength) - buffer.byteLength;
    if (padding > 0) parts.push(new Uint8Array(padding));
  }
  return parts;
}

/** Encodes a push event (see `encodeBinaryMessage`); null when its payload holds no ArrayBuffer. */
export function encodeBinaryEvent(event: string, payload: unknown): Uint8Array[] | null {
  return encodeBinaryMessage({ type: 'event', event, payload });
}

/** Rebuilds a message from a binary message, each buffer as its own ArrayBuffer. Throws on a malformed message. */
export function decodeBinaryMessage(message: ArrayBuffer): WsServerMessage {
  if (message.byteLength < 4) throw new Error('binary message: shorter than its header length');
  const headerLength = new DataView(message).getUint32(0, true);
  if (4 + headerLength > message.byteLength) throw new Error('binary message: header runs past the message');
  const header = wsBinaryHeader.parse(JSON.parse(new TextDecoder().decode(new Uint8Array(message, 4, headerLength))));
  const buffers: ArrayBuffer[] = [];
  let offset = pad8(4 + headerLength);
  for (const length of header.buffers) {
    if (offset + length > message.byteLength) throw new Error('binary message: a buffer runs past the message');
    buffers.push(message.slice(offset, offset + length));
    offset = pad8(offset + length);
  }
  if (header.type === 'event') return { type: 'event', event: header.event, payload: restoreBuffers(header.payload, buffers) };
  return { type: 'result', id: header.id, result: { ok: true, value: restoreBuffers(header.result.value, buffers) } };
}

/** Rebuilds a push event from a binary message (see `decodeBinaryMessage`). */
export const decodeBinaryEvent = decodeBinaryMessage;
