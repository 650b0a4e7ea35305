/** What the first bytes of a file say about it, before any decompression. */
export type ZstdSniff = 'zstd' | 'too-short' | 'not-zstd';

const frameMagic = [0x28, 0xb5, 0x2f, 0xfd] as const;

/**
 * Checks the first four bytes for a zstd frame (`28 b5 2f fd`) or a skippable frame
 * (`5?` `2a 4d 18`). Fewer than four bytes that could still start one are `too-short`.
 */
export function sniffZstd(head: Uint8Array): ZstdSniff {
  const n = Math.min(head.length, 4);
  let frame = true;
  let skippable = true;
  for (let i = 0; i < n; i++) {
    const byte = head[i] ?? -1;
    if (byte !== frameMagic[i]) frame = false;
    const skipByte = i === 0 ? (byte & 0xf0) === 0x50 : byte === [0, 0x2a, 0x4d, 0x18][i];
    if (!skipByte) skippable = false;
  }
  if (!frame && !skippable) return 'not-zstd';
  return n < 4 ? 'too-short' : 'zstd';
}
