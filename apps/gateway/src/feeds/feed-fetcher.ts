import * as http from 'node:http';
import * as https from 'node:https';
import { isIP } from 'node:net';
import { findNonPublicAddress, hostOf, NonPublicAddressError, publicOnlyLookup } from '@app/network';
import { errorMessage } from '@app/errors';

/** What a read of a feed gives: its document with the validators of the next conditional read, or "not modified" (304). */
export type FeedRead = { modified: false } | { modified: true; body: string; etag: string | null; lastModified: string | null };

/** Why a feed could not be read: a message for the feed's `last_error`. */
export class FeedReadError extends Error {}

export interface FeedReadLimits {
  /** The whole read, connect to last byte. */
  timeoutMs: number;
  /** The longest document read. */
  maxBytes: number;
  /** Whether the URL may reach private, loopback or link-local addresses (FEED_ALLOW_PRIVATE_URLS). */
  allowPrivate: boolean;
}

export const FEED_READ_LIMITS: Omit<FeedReadLimits, 'allowPrivate'> = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024 };

export const NOT_PUBLIC = 'The feed URL points to a private, loopback or link-local address (FEED_ALLOW_PRIVATE_URLS=true allows them).';

/** At most this many redirects are followed. */
const MAX_REDIRECTS = 3;

/**
 * Reads a feed over HTTP(S) with `If-None-Match` and `If-Modified-Since` from the last read: within
 * a deadline, up to a size, following a few redirects, and (unless allowed) never to a private,
 * loopback or link-local address, checked on the address connected to.
 */
export async function readFeed(address: string, previous: { etag: string | null; lastModified: string | null }, limits: FeedReadLimits): Promise<FeedRead> {
  const deadline = Date.now() + limits.timeoutMs;
  let url = new URL(address);
  for (let hops = 0; ; hops++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedReadError(`The feed moved to ${url.protocol} addresses, which are not read.`);
    if (!limits.allowPrivate && isIP(hostOf(url))) {
      const refused = await findNonPublicAddress(hostOf(url));
      if (refused) throw new FeedReadError(NOT_PUBLIC);
    }
    const answer = await get(url, previous, limits, deadline);
    if ('read' in answer) return answer.read;
    if (hops >= MAX_REDIRECTS) throw new FeedReadError(`The feed redirects more than ${MAX_REDIRECTS} times.`);
    url = new URL(answer.redirect, url);
  }
}

type Answer = { redirect: string } | { read: FeedRead };

function get(url: URL, previous: { etag: string | null; lastModified: string | null }, limits: FeedReadLimits, deadline: number): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1', 'user-agent': 'social-publishing-service feed reader' };
  if (previous.etag) headers['if-none-match'] = previous.etag;
  if (previous.lastModified) headers['if-modified-since'] = previous.lastModified;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const fail = (message: string) => {
      request.destroy();
      reject(new FeedReadError(message));
    };
    const timer = setTimeout(() => fail(`The feed did not answer within ${Math.round(limits.timeoutMs / 1000)} s.`), Math.max(0, deadline - Date.now()));
    const request = client.get(url, { headers, lookup: limits.allowPrivate ? undefined : publicOnlyLookup }, (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && status !== 304 && location) {
        clearTimeout(timer);
        response.resume();
        return resolve({ redirect: location });
      }
      if (status === 304) {
        clearTimeout(timer);
        response.resume();
        return resolve({ read: { modified: false } });
      }
      if (status !== 200) {
        clearTimeout(timer);
        response.resume();
        return reject(new FeedReadError(`The feed answered ${status}.`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return fail(`The feed is larger than ${Math.round(limits.maxBytes / 1024)} KB.`);
        chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(timer);
        const header = (name: string) => (typeof response.headers[name] === 'string' ? (response.headers[name] as string) : null);
        resolve({ read: { modified: true, body: Buffer.concat(chunks).toString('utf8'), etag: header('etag'), lastModified: header('last-modified') } });
      });
      response.on('error', (error) => fail(`The feed could not be read: ${errorMessage(error)}`));
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(new FeedReadError(error instanceof NonPublicAddressError ? NOT_PUBLIC : `The feed could not be read: ${errorMessage(error)}`));
    });
  });
}
