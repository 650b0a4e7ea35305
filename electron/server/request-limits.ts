import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ServiceHttpError } from './service-error.ts';

/** Node's limit on the request line and headers together (`--max-http-header-size`, 16 KB). */
const maxHeaderKb = 16;

/** The longest request target (path and query) the service reads; real queries are far shorter. */
export const maxRequestTargetBytes = 8192;

const tooLongTarget = (message: string): ServiceHttpError =>
  new ServiceHttpError(414, 'uri_too_long', message, 'Send fewer or shorter query parameters; pass keys and cursors exactly as the service returned them.');

/** 414 for a request target longer than `maxRequestTargetBytes`; null when it is within. */
export function checkRequestTarget(target: string): ServiceHttpError | null {
  const bytes = Buffer.byteLength(target);
  if (bytes <= maxRequestTargetBytes) return null;
  return tooLongTarget(`The request target (path and query) is ${bytes} bytes; this service reads at most ${maxRequestTargetBytes}`);
}

/**
 * What to answer a request the HTTP parser refused: 414 when the request line alone overflowed,
 * 431 when the headers did, 408 on a timeout and 400 for anything that is not HTTP. Null when
 * the client is already gone.
 */
export function clientErrorRefusal(error: Error): ServiceHttpError | null {
  // Node adds `code` and the `rawPacket` it was parsing to the errors of its HTTP parser.
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code === 'ECONNRESET') return null;
  if (code === 'HPE_HEADER_OVERFLOW') {
    // The parser's packet starts at the request line when that line itself is what overflowed.
    const packet = 'rawPacket' in error && Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
    const lineEnd = packet?.indexOf('\r\n') ?? -1;
    const startsWithRequestLine = packet !== undefined && /^[A-Z]+ \S/.test(packet.subarray(0, 16).toString('latin1'));
    if (startsWithRequestLine && (lineEnd < 0 || lineEnd > maxRequestTargetBytes)) {
      return tooLongTarget(`The request line (method, path and query) is longer than the ${maxHeaderKb} KB this service reads`);
    }
    return new ServiceHttpError(
      431,
      'request_header_fields_too_large',
      `The request line and headers are larger than the ${maxHeaderKb} KB this service reads`,
      'Send fewer or smaller headers (large cookies are a common cause) and shorter query parameters.',
    );
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ServiceHttpError(408, 'request_timeout', 'The request did not arrive in time', 'Send the whole request at once and try again.');
  }
  return new ServiceHttpError(400, 'invalid_request', `The request is not valid HTTP/1.1 (${code ?? error.message})`, 'Send a well-formed HTTP/1.1 GET request.');
}

/** Answers on the raw socket, since no route will, and closes the connection once it is written. */
export function answerOnSocket(socket: Socket, status: number, contentType: string, body: string): void {
  if (socket.destroyed) return;
  const head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close`;
  // Destroyed once flushed: a client that never closes its side must not hold the socket open.
  socket.end(`${head}\r\n\r\n${body}`, () => socket.destroy());
}
