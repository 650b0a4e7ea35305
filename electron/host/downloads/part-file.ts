import { open, type FileHandle } from 'node:fs/promises';

/** The `.part` file bytes are appended to while a transfer runs. */
export interface PartWriter {
  /** Appends `chunk` at the end of the part. */
  write(chunk: Uint8Array): Promise<void>;
  /** Flushes the part to stable storage (before it is verified and renamed). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** Opens a part for appending (`append`, keeping its bytes) or empties it first (`truncate`). */
export type PartOpener = (path: string, mode: 'append' | 'truncate') => Promise<PartWriter>;

/** Opens a part file on disk. */
export const openPartFile: PartOpener = async (path, mode) => {
  const handle: FileHandle = await open(path, mode === 'append' ? 'a' : 'w');
  let closed = false;
  return {
    write: async (chunk) => {
      let done = 0;
      while (done < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, done, chunk.length - done);
        done += bytesWritten;
      }
    },
    sync: () => handle.sync(),
    close: async () => {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
};
