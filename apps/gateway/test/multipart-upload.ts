import { request as httpRequest } from 'node:http';

/** A multipart body with one `file` part, cut where the file's bytes go, so that a test can send them as it likes. */
export function multipartAround(name = 'upload.bin'): { boundary: string; head: Buffer; tail: Buffer } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { boundary, head, tail: Buffer.from(`\r\n--${boundary}--\r\n`) };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- responses are inspected field by field in tests
}

/**
 * A request over node:http, which sends the headers it is given as they are (fetch writes its own
 * Host): how a client forges the Host header.
 */
export function rawRequest(url: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(new URL(path, url), { method, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : null });
      });
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Uploads this file as the only part of a multipart body, with exactly these headers (Host among them). */
export function uploadWithHeaders(url: string, path: string, headers: Record<string, string>, file: Buffer): Promise<Answer> {
  const { boundary, head, tail } = multipartAround();
  return rawRequest(url, 'POST', path, { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, Buffer.concat([head, file, tail]));
}

/** An upload whose body the test sends piece by piece: it stays open until `finish` or `abort`. */
export interface UploadInProgress {
  /** Sends the rest of the file and the end of the body. */
  finish(rest: Buffer): void;
  /** The client goes away mid-upload. */
  abort(): void;
  answer: Promise<Response>;
}

export function startUpload(url: string, path: string, token: string, first: Buffer): UploadInProgress {
  const { boundary, head, tail } = multipartAround();
  const aborted = new AbortController();
  let body!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      body = controller;
      controller.enqueue(Buffer.concat([head, first]));
    },
  });
  const answer = fetch(new URL(path, url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: stream,
    duplex: 'half',
    signal: aborted.signal,
  } as RequestInit);
  answer.catch(() => undefined);
  return {
    finish: (rest) => {
      body.enqueue(Buffer.concat([rest, tail]));
      body.close();
    },
    abort: () => aborted.abort(),
    answer,
  };
}
