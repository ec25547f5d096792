import type { NextFunction, Request, Response } from 'express';
import { Messages } from '@app/contracts';

const DEFAULT_LIMIT_BYTES = 1024 * 1024;

/**
 * Reads every request body as JSON, whatever its Content-Type claims: a body that is not JSON is a
 * 400 here, before any route runs. A JSON value that is not an object carries no fields, so it is
 * read as `{}` and the route's validation names what is missing. Registered before Nest's own
 * parsers, which then find the body consumed and leave it alone.
 */
export function jsonBody(limitBytes = DEFAULT_LIMIT_BYTES) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!hasBody(request)) {
      request.body = {};
      next();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size <= limitBytes) {
        chunks.push(chunk);
        return;
      }
      tooLarge = true;
      response.set('Connection', 'close').status(413).json({ message: 'The request body is too large.' });
    });
    request.on('error', (error) => (tooLarge ? undefined : next(error)));
    request.on('end', () => {
      if (tooLarge) return;
      const text = Buffer.concat(chunks).toString('utf8');
      if (text.trim() === '') {
        request.body = {};
        next();
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        response.status(400).json({ message: Messages.invalidJson });
        return;
      }
      request.body = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {};
      next();
    });
  };
}

function hasBody(request: Request): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
