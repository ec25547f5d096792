import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { answerClientError, BODY_STALLED } from './client-error-answer';

/**
 * A request body must keep arriving: while one is being received, its connection may stay silent
 * at most `bodyTimeoutMs` (the socket's timeout, which every chunk read restarts); past it the
 * request is answered 408 in the API's error format (answerClientError) and the connection closed.
 * Once the body is in, the connection goes back to the server's idle timeout. The server's other
 * socket timeouts (idle, keep-alive) still close their connection, as Node does by default: with
 * a 'timeout' listener on the server, Node leaves every timed-out socket to it.
 */
export function cutStalledBodies(server: Server, bodyTimeoutMs: number): void {
  const receiving = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.complete || !declaresBody(request)) return;
    const { socket } = request;
    receiving.set(socket, { request, response });
    socket.setTimeout(bodyTimeoutMs);
    // Node has set the keep-alive timeout by now (on 'finish', before this listener): it stays.
    response.once('finish', () => receiving.delete(socket));
    request.once('end', () => {
      if (receiving.get(socket)?.request !== request) return;
      receiving.delete(socket);
      if (!response.writableFinished) socket.setTimeout(server.timeout);
    });
  });
  server.on('timeout', (socket: Socket) => {
    const current = receiving.get(socket);
    receiving.delete(socket);
    if (current === undefined || socket.destroyed) return void socket.destroy();
    // The body arrived, but nothing read it to its end yet (a handler still at work).
    if (current.request.complete) return void socket.setTimeout(server.timeout);
    if (current.response.headersSent) return void socket.destroy();
    answerClientError(Object.assign(new Error('The request body stopped arriving'), { code: BODY_STALLED }), socket);
  });
}

/** Whether the request has a body to receive, as Node's parser reads it: chunked, or a Content-Length above 0. */
function declaresBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
