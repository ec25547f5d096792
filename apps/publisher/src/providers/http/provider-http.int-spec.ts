import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { callsEndingBy, classifyFailure, HttpAnswer, MAX_ANSWER_BYTES, ProviderHttp } from './provider-http';

jest.setTimeout(30_000);

const TIMEOUT_MS = 1_000;
/** What a call may take past its deadline: the abort, closing the socket, a loaded machine. */
const SLACK_MS = 600;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

/** What the platform's server saw of one exchange: the body bytes it managed to write, and whether the client closed first. */
interface Exchange {
  written: number;
  closedByClient: Promise<boolean>;
}

/** A local server whose every request is answered by `answer`; the exchanges it had, in order. */
async function platform(answer: (res: ServerResponse, exchange: { written: number; done: boolean }) => void): Promise<{ url: string; exchanges: Exchange[]; stop(): Promise<void> }> {
  const exchanges: Exchange[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const state = { written: 0, done: false };
    const exchange: Exchange = {
      get written() {
        return state.written;
      },
      closedByClient: new Promise((resolve) => {
        res.on('close', () => resolve(!state.done));
        res.on('finish', () => (state.done = true));
      }),
    };
    exchanges.push(exchange);
    req.resume();
    answer(res, state);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Writes `total` bytes in chunks, as fast as the client reads them (never more than the socket takes). */
function stream(res: ServerResponse, state: { written: number }, total: number): void {
  const next = () => {
    while (state.written < total && !res.destroyed) {
      state.written += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once('drain', next);
    }
    if (!res.destroyed) res.end();
  };
  next();
}

/** An answer without its body, which a failed expectation would print whole. */
const withoutBody = (answer: HttpAnswer) => (answer.kind === 'answer' ? { kind: answer.kind, status: answer.status } : answer);

const timed = async <T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe('ProviderHttp against platforms that answer slowly or too much', () => {
  const http = new ProviderHttp({ allowPrivateUrls: true, timeoutMs: TIMEOUT_MS });

  it('ends a call whose answer drips in a byte at a time at its deadline, however often a byte comes, and closes the connection', async () => {
    // A byte every 100 ms for 5 s: undici's own body timeout, counted per chunk, never fires.
    const dripping = await platform((res, state) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => {
        if (res.destroyed || state.written >= 50) {
          clearInterval(timer);
          if (!res.destroyed) res.end('}');
          return;
        }
        state.written++;
        res.write(' ');
      }, 100);
    });
    try {
      const { result, ms } = await timed(() => http.send({ method: 'GET', url: `${dripping.url}/api/v1/accounts/verify_credentials` }));

      expect(withoutBody(result)).toEqual({ kind: 'no_answer', message: `no whole answer within ${TIMEOUT_MS} ms` });
      expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
      expect(await dripping.exchanges[0].closedByClient).toBe(true);
      expect(classifyFailure(result, { message: '', repeatable: true })).toMatchObject({ kind: 'retry_later' });
    } finally {
      await dripping.stop();
    }
  });

  it('ends a call whose headers never come at its deadline', async () => {
    const silent = await platform(() => undefined);
    try {
      const { result, ms } = await timed(() => http.send({ method: 'POST', url: `${silent.url}/api/v1/statuses`, json: { status: 'Hello' } }));
      expect(withoutBody(result)).toMatchObject({ kind: 'no_answer' });
      expect(ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    } finally {
      await silent.stop();
    }
  });

  it('ends the calls of work run with an earlier deadline by that deadline, and sends none once it has passed', async () => {
    const silent = await platform(() => undefined);
    try {
      const { result, ms } = await timed(() => callsEndingBy(Date.now() + 300, () => http.send({ method: 'GET', url: `${silent.url}/api/v1/accounts/verify_credentials` })));
      expect(withoutBody(result)).toMatchObject({ kind: 'no_answer' });
      expect(ms).toBeLessThan(300 + SLACK_MS);
      expect(await silent.exchanges[0].closedByClient).toBe(true);

      expect(await callsEndingBy(Date.now() - 1, () => http.send({ method: 'GET', url: `${silent.url}/api/v2/instance` }))).toEqual({ kind: 'not_sent', message: 'the time for this call had run out', refusedAddress: false });
      expect(silent.exchanges).toHaveLength(1);
    } finally {
      await silent.stop();
    }
  });

  it('stops reading an answer once it is over the limit, fails the call as a refusal, and closes the connection long before the platform sent it all', async () => {
    const total = 64 * 1024 * 1024;
    const flooding = await platform((res, state) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(res, state, total);
    });
    try {
      const result = await http.send({ method: 'GET', url: `${flooding.url}/api/v2/instance` });

      expect(withoutBody(result)).toEqual({ kind: 'too_large', message: "The platform's answer is larger than 4 MiB." });
      expect(classifyFailure(result, { message: 'unused', repeatable: true })).toEqual({ kind: 'rejected', message: "The platform's answer is larger than 4 MiB.", answerTooLarge: true });
      const exchange = flooding.exchanges[0];
      expect(await exchange.closedByClient).toBe(true);
      // What the client read, and what the sockets' buffers held when it closed: nowhere near all of it.
      expect(exchange.written).toBeLessThan(MAX_ANSWER_BYTES + 12 * 1024 * 1024);
      expect(exchange.written).toBeLessThan(total);
    } finally {
      await flooding.stop();
    }
  });

  it('fails at once, reading nothing, when the Content-Length says the answer is over the limit', async () => {
    const announcing = await platform((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(400 * 1024 * 1024) });
      res.write(CHUNK);
    });
    try {
      const { result, ms } = await timed(() => http.send({ method: 'GET', url: `${announcing.url}/api/v1/accounts/verify_credentials` }));
      expect(withoutBody(result)).toEqual({ kind: 'too_large', message: "The platform's answer is larger than 4 MiB." });
      expect(ms).toBeLessThan(SLACK_MS);
      expect(await announcing.exchanges[0].closedByClient).toBe(true);
    } finally {
      await announcing.stop();
    }
  });

  it('reads an answer just under the limit whole', async () => {
    const text = JSON.stringify({ note: 'a'.repeat(MAX_ANSWER_BYTES - 20) });
    const large = await platform((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    });
    try {
      const result = await http.send({ method: 'GET', url: `${large.url}/api/v2/instance` });
      expect(withoutBody(result)).toEqual({ kind: 'answer', status: 200 });
      expect(JSON.stringify((result as { body: unknown }).body) === text).toBe(true);
    } finally {
      await large.stop();
    }
  });

  it('keeps an integer a double cannot hold exactly as its digits, and every other number as a number', async () => {
    const ids = await platform((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":{"publicaly_available_post_id":[7678907398077074696],"uploaded_bytes":9007199254740991,"ratio":1.5e300}}');
    });
    try {
      const result = await http.send({ method: 'POST', url: `${ids.url}/v2/post/publish/status/fetch/` });
      expect((result as { body: unknown }).body).toEqual({ data: { publicaly_available_post_id: ['7678907398077074696'], uploaded_bytes: 9007199254740991, ratio: 1.5e300 } });
    } finally {
      await ids.stop();
    }
  });
});
