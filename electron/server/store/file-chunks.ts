import type { FileHandle } from 'node:fs/promises';

/** The bytes of an open file from its current position to its end, a fresh 1 MiB buffer at a time. */
export async function* fileChunks(handle: FileHandle): AsyncGenerator<Uint8Array, void, undefined> {
  for (;;) {
    const buffer = Buffer.allocUnsafe(1024 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}
