import type { IncomingMessage, ServerResponse } from 'node:http';
import { ContractError } from '../../shared/contract/errors.ts';
import type { FileGrant, FileGrants as GrantList } from '../../shared/contract/file-schemas.ts';
import { UploadTooLargeError, type UploadStore } from './upload-store.ts';

/** Where a page streams a chosen or dropped file: `POST /files/upload?name=…` with the raw bytes. */
export const uploadPath = '/files/upload';

/** Grants files the upload store received (the services' `FileGrants`, here or in the service host); throws a `ContractError` for a refused one. */
export type UploadGrant = (paths: readonly string[]) => Promise<FileGrant[]>;

/** Answers one upload request; the browser server calls it after its token check. */
export type UploadRoute = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>;

/** A byte cap as people read it: `1 GiB`, `256 MiB`, `64 KiB`. */
export function capText(bytes: number): string {
  for (const [unit, size] of [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024]] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

function send(response: ServerResponse, status: number, body: GrantList | { message: string; resolution: string }): void {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
}

/**
 * Browser mode's upload: the body is streamed to a file in the upload store (bounded memory; cut
 * off past the cap, with a 413 that says the cap), then granted like any other file. The answer
 * is `{files: [grant]}`, or `{message, resolution}` with an error status.
 */
export function uploadRoute(store: UploadStore, grant: UploadGrant): UploadRoute {
  const tooLarge = {
    message: `The file is larger than ${capText(store.maxBytes)}, the most browser mode takes`,
    resolution: 'Open larger files in the desktop app, or with "mde inspect" on the command line.',
  };
  return async (request, response, url) => {
    const name = url.searchParams.get('name') ?? 'upload.jsonl.zst';
    const declared = Number(request.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(declared) && declared > store.maxBytes) {
      // Refuse before reading a byte; the connection closes so the rest is never read.
      response.setHeader('Connection', 'close');
      send(response, 413, tooLarge);
      request.destroy();
      return;
    }
    try {
      const path = await store.receive(request, name);
      let files: FileGrant[];
      try {
        files = await grant([path]);
      } finally {
        await store.release(path);
      }
      send(response, 200, { files });
    } catch (error) {
      if (error instanceof UploadTooLargeError) {
        response.setHeader('Connection', 'close');
        send(response, 413, tooLarge);
        return;
      }
      if (error instanceof ContractError) {
        send(response, 400, { message: error.message, resolution: error.resolution });
        return;
      }
      if (!response.headersSent && !request.destroyed) {
        send(response, 500, { message: `The upload failed: ${error instanceof Error ? error.message : String(error)}`, resolution: 'Choose the file again.' });
      }
    }
  };
}
