import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** The code of the error stalledBodies reports: a request body that stopped arriving (HTTP_BODY_TIMEOUT_MS). */
export const BODY_STALLED = 'ERR_HTTP_BODY_STALLED';

/** The codes of a request that did not arrive in time: the whole of it (Node's check), or its body between two chunks. */
const LATE_REQUEST_CODES = new Set(['ERR_HTTP_REQUEST_TIMEOUT', BODY_STALLED]);

/**
 * A request Node could not read (too slow, headers too large, not HTTP): answered in the API's
 * error format, then the connection is closed. Nothing is logged: such errors are the client's.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = LATE_REQUEST_CODES.has(error.code ?? '')
    ? [408, 'The request did not arrive in time.']
    : error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are too large.']
      : [400, 'The request could not be read as HTTP.'];
  const body = JSON.stringify({ message });
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
  socket.destroy(error);
}
