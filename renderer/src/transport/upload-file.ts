import { ContractError } from '../../../shared/contract/errors.ts';
import { fileGrantsSchema, type FileGrant } from '../../../shared/contract/file-schemas.ts';
import { hasFields } from '../../../shared/guards/object-fields.ts';

/** Where browser mode takes uploads (`electron/browser-mode/upload-route.ts`). */
const uploadPath = '/files/upload';

function refusal(status: number, text: string): ContractError {
  let message = `The upload failed (HTTP ${status})`;
  let resolution = 'Choose the file again.';
  try {
    const body: unknown = JSON.parse(text);
    if (hasFields(body) && typeof body['message'] === 'string') message = body['message'];
    if (hasFields(body) && typeof body['resolution'] === 'string') resolution = body['resolution'];
  } catch {
    if (status === 401) resolution = 'Open the app again through the URL that `npm start` printed.';
  }
  return new ContractError({ kind: status === 413 || status === 400 ? 'invalid-request' : 'unavailable', message, resolution, channel: null });
}

/**
 * Streams a chosen or dropped file to browser mode (a page has no paths to give) and resolves
 * with its grant. The browser sends the bytes from disk, and the token travels as the session
 * cookie; `onProgress` gets the bytes sent so far.
 */
export function uploadFile(file: File, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<FileGrant> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${uploadPath}?name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () => {
      if (request.status !== 200) {
        reject(refusal(request.status, request.responseText));
        return;
      }
      const parsed = fileGrantsSchema.safeParse(JSON.parse(request.responseText));
      const grant = parsed.success ? parsed.data.files[0] : undefined;
      if (grant === undefined) reject(new ContractError({ kind: 'invalid-response', message: 'The server answered the upload without a file', resolution: 'Choose the file again.', channel: null }));
      else resolve(grant);
    };
    request.onerror = () =>
      reject(new ContractError({ kind: 'network', message: 'The upload was interrupted', resolution: 'Check that the app is still running, then choose the file again.', channel: null }));
    request.onabort = () => reject(new ContractError({ kind: 'cancelled', message: 'The upload was cancelled', resolution: 'Choose the file again.', channel: null }));
    signal?.addEventListener('abort', () => request.abort());
    request.send(file);
  });
}
