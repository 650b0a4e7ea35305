import { describe, expect, it } from 'vitest';
import { decodeBinaryEvent, decodeBinaryMessage, encodeBinaryEvent, encodeBinaryMessage, holdsArrayBuffer } from '../../../shared/contract/ws-binary.ts';

function join(parts: readonly Uint8Array[]): ArrayBuffer {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out.buffer;
}

describe('binary WebSocket events', () => {
  it('round-trips a payload with several ArrayBuffers, each rebuilt as its own buffer', () => {
    const a = Float64Array.of(1.5, Number.NaN, -2).buffer;
    const b = new Uint8Array([1, 2, 3]).buffer;
    const payload = { replayId: 'r', chunk: { count: 3, buffer: a }, extra: [b, { n: null }] };
    const parts = encodeBinaryEvent('book.frames', payload);
    expect(parts).not.toBeNull();
    const message = decodeBinaryEvent(join(parts ?? []));
    expect(message).toMatchObject({ type: 'event', event: 'book.frames' });
    if (message.type !== 'event') return;
    const decoded = message.payload as { replayId: string; chunk: { count: number; buffer: ArrayBuffer }; extra: [ArrayBuffer, { n: null }] };
    expect(decoded.replayId).toBe('r');
    expect(decoded.chunk.buffer).toBeInstanceOf(ArrayBuffer);
    expect(Array.from(new Float64Array(decoded.chunk.buffer))).toEqual([1.5, Number.NaN, -2]);
    expect(Array.from(new Uint8Array(decoded.extra[0]))).toEqual([1, 2, 3]);
    expect(decoded.extra[1]).toEqual({ n: null });
  });

  it('round-trips a call result that carries buffers (a window of frames), keeping its id', () => {
    const clocks = Float64Array.of(10, 20, 30).buffer;
    const parts = encodeBinaryMessage({ type: 'result', id: 42, result: { ok: true, value: { total: 3, clocks, chunk: { buffer: new Uint8Array([9]).buffer } } } });
    expect(parts).not.toBeNull();
    const message = decodeBinaryMessage(join(parts ?? []));
    expect(message).toMatchObject({ type: 'result', id: 42, result: { ok: true } });
    if (message.type !== 'result' || !message.result.ok) return;
    const value = message.result.value as { total: number; clocks: ArrayBuffer; chunk: { buffer: ArrayBuffer } };
    expect(value.total).toBe(3);
    expect(Array.from(new Float64Array(value.clocks))).toEqual([10, 20, 30]);
    expect(Array.from(new Uint8Array(value.chunk.buffer))).toEqual([9]);
    // A result without buffers stays JSON.
    expect(encodeBinaryMessage({ type: 'result', id: 1, result: { ok: true, value: { n: 1 } } })).toBeNull();
  });

  it('starts every buffer on an 8-byte boundary', () => {
    const parts = encodeBinaryEvent('x', { label: 'odd length!', buffer: new ArrayBuffer(16) }) ?? [];
    expect((parts[0]?.length ?? 1) % 8).toBe(0);
  });

  it('finds a buffer however deep, after long columns of numbers, and none where there is none', () => {
    const column = Array.from({ length: 10_000 }, (_, i) => i);
    expect(holdsArrayBuffer({ time: column, price: column, rows: [{ a: 1 }, { b: [null, 'x'] }] })).toBe(false);
    expect(holdsArrayBuffer({ time: column, rows: [{ a: 1 }, { b: [null, { c: new ArrayBuffer(1) }] }] })).toBe(true);
    expect(holdsArrayBuffer([column, [[new ArrayBuffer(0)]]])).toBe(true);
    expect(holdsArrayBuffer(new ArrayBuffer(8))).toBe(true);
    // A typed array's buffer is not sent as a buffer (JSON turns it into an object), as before.
    expect(holdsArrayBuffer({ view: new Float64Array(2) })).toBe(false);
    const parts = encodeBinaryMessage({ type: 'event', event: 'x', payload: { time: column, deep: [{ b: [{ c: new Uint8Array([7]).buffer }] }] } });
    expect(parts).not.toBeNull();
  });

  it('leaves payloads without buffers to JSON', () => {
    expect(encodeBinaryEvent('settings.changed', { ui: { density: 'compact' } })).toBeNull();
  });

  it('rejects truncated or malformed messages', () => {
    const parts = encodeBinaryEvent('x', { buffer: new ArrayBuffer(64) }) ?? [];
    const whole = join(parts);
    expect(() => decodeBinaryEvent(whole.slice(0, whole.byteLength - 8))).toThrow('runs past');
    expect(() => decodeBinaryEvent(new ArrayBuffer(2))).toThrow('shorter');
    const bogus = new Uint8Array(12);
    new DataView(bogus.buffer).setUint32(0, 4, true);
    bogus.set(new TextEncoder().encode('{"a"'), 4);
    expect(() => decodeBinaryEvent(bogus.buffer)).toThrow();
  });
});
