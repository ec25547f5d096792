import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { FeedReadError, NOT_PUBLIC, readFeed } from './feed-fetcher';

/** Reading a feed over HTTP from a local server: the guard, the deadline, the size cap, redirects and conditional reads. */
describe('readFeed', () => {
  let server: Server;
  let base: string;
  const none = { etag: null, lastModified: null };
  const limits = { timeoutMs: 1_000, maxBytes: 1_000, allowPrivate: true };

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/feed') {
        if (request.headers['if-none-match'] === '"v1"') return response.writeHead(304).end();
        return response.writeHead(200, { etag: '"v1"', 'last-modified': 'Tue, 01 Dec 2026 10:00:00 GMT' }).end('<rss version="2.0"><channel></channel></rss>');
      }
      if (request.url === '/moved') return response.writeHead(301, { location: '/feed' }).end();
      if (request.url === '/loop') return response.writeHead(302, { location: '/loop' }).end();
      if (request.url === '/huge') return response.writeHead(200).end('x'.repeat(5_000));
      if (request.url === '/slow') return void setTimeout(() => response.writeHead(200).end('<rss/>'), 3_000);
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads a feed with its validators, and is told "not modified" when it sends them back', async () => {
    const read = await readFeed(`${base}/feed`, none, limits);
    expect(read).toEqual({ modified: true, body: '<rss version="2.0"><channel></channel></rss>', etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 10:00:00 GMT' });
    expect(await readFeed(`${base}/feed`, { etag: '"v1"', lastModified: null }, limits)).toEqual({ modified: false });
  });

  it('follows a few redirects, not an endless chain', async () => {
    expect(await readFeed(`${base}/moved`, none, limits)).toMatchObject({ modified: true, etag: '"v1"' });
    await expect(readFeed(`${base}/loop`, none, limits)).rejects.toThrow('The feed redirects more than 3 times.');
  });

  it('gives up on a feed too large or too slow, and says an answer other than 200 or 304', async () => {
    await expect(readFeed(`${base}/huge`, none, limits)).rejects.toThrow('The feed is larger than 1 KB.');
    await expect(readFeed(`${base}/slow`, none, limits)).rejects.toThrow('The feed did not answer within 1 s.');
    await expect(readFeed(`${base}/missing`, none, limits)).rejects.toThrow(new FeedReadError('The feed answered 404.'));
  });

  it('never reaches a loopback address unless private URLs are allowed, by literal or by name', async () => {
    const guarded = { ...limits, allowPrivate: false };
    await expect(readFeed(`${base}/feed`, none, guarded)).rejects.toThrow(NOT_PUBLIC);
    await expect(readFeed(`${base.replace('127.0.0.1', 'localhost')}/feed`, none, guarded)).rejects.toThrow(NOT_PUBLIC);
  });
});
