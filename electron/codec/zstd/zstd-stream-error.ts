/** Why a zstd stream stopped: the input ended inside a frame, or the bytes are damaged. */
export class ZstdStreamError extends Error {
  override readonly name = 'ZstdStreamError';
  constructor(
    readonly reason: 'truncated' | 'corrupt',
    message: string,
  ) {
    super(message);
  }
}
