import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP } from 'node:net';
import { APP_CONFIG, AppConfig } from '@app/config';
import { AttemptErrorKind } from '@app/contracts';
import { findNonPublicAddress, hostOf, NonPublicAddressError, publicOnlyLookup } from '@app/network';
import { traceFields } from '@app/messaging';
import { signatureHeader } from '../signing/webhook-signature';
import { errorMessage } from '@app/errors';

/** How much of an answer the attempts log keeps. */
export const MAX_LOGGED_RESPONSE_BYTES = 1024;
export const WEBHOOK_USER_AGENT = 'SocialPublishingService-Webhooks/1.0';

export interface WebhookMessage {
  deliveryId: string;
  event: string;
  url: string;
  body: string;
  /** The current secret first; during a rotation's grace period the previous one too. */
  secrets: readonly string[];
  /** A test event: sent with `X-Service-Test: true`. */
  test?: boolean;
}

export interface AttemptResult {
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  errorKind: AttemptErrorKind | null;
  response: string | null;
}

class TimeoutError extends Error {}

/** A connection kept from an earlier delivery was closed by the receiver as this request went out. */
class ReusedConnectionClosed extends Error {}

/**
 * Idle connections to a receiver are closed after this long: shorter than servers' usual keep-alive
 * (Node.js's 5 s), so that a request seldom meets a connection its receiver is closing.
 */
const IDLE_CONNECTION_MS = 2_000;
/** Idle connections kept per receiver (host and port). */
const IDLE_CONNECTIONS_PER_RECEIVER = 16;
/** What a closed connection's write or read fails with. */
const CLOSED_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

interface Answer {
  statusCode: number;
  response: string;
}

/**
 * One signed POST of a webhook message. Success is a 2xx status within the timeout; the answer's
 * first kilobyte is kept for the log. Unless private URLs are allowed, the address connected to
 * must be public.
 *
 * Connections are kept alive between deliveries to the same receiver: a burst of deliveries costs
 * a handshake per connection, not per request. A connection is kept only after an answer read to
 * its end; one cut short (too long, too slow) is closed. A kept connection that the receiver closed
 * as the request went out is retried once on a new connection.
 */
@Injectable()
export class WebhookSender implements OnModuleDestroy {
  private readonly agents: Record<'http:' | 'https:', http.Agent>;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const options = { keepAlive: true, timeout: IDLE_CONNECTION_MS, maxFreeSockets: IDLE_CONNECTIONS_PER_RECEIVER };
    this.agents = { 'http:': new http.Agent(options), 'https:': new https.Agent(options) };
  }

  onModuleDestroy(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }

  async send(message: WebhookMessage): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const url = new URL(message.url);
      await this.refuseNonPublicLiteral(url);
      const answer = await this.post(url, this.headers(message), message.body);
      const succeeded = answer.statusCode >= 200 && answer.statusCode < 300;
      const errorKind = succeeded ? null : 'http_status';
      return { succeeded, statusCode: answer.statusCode, durationMs: elapsed(), error: null, errorKind, response: answer.response };
    } catch (error) {
      const message = errorMessage(error);
      return { succeeded: false, statusCode: null, durationMs: elapsed(), error: message, errorKind: kindOf(error), response: null };
    }
  }

  private headers(message: WebhookMessage): Record<string, string> {
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signatureHeader(message.secrets, message.deliveryId, timestamp, message.body);
    return {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(message.body)),
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': message.deliveryId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
      'x-service-signature': signature,
      'x-service-event': message.event,
      ...(message.test && { 'x-service-test': 'true' }),
      // The trace the delivery belongs to, when tracing runs (W3C Trace Context).
      ...traceFields(),
    };
  }

  /** An IP literal is connected to without a lookup, so it is checked here. */
  private async refuseNonPublicLiteral(url: URL): Promise<void> {
    const host = hostOf(url);
    if (this.config.webhookAllowPrivateUrls || !isIP(host)) return;
    const refused = await findNonPublicAddress(host);
    if (refused) throw refused;
  }

  private async post(url: URL, headers: Record<string, string>, body: string): Promise<Answer> {
    try {
      return await this.postOnce(url, headers, body, true);
    } catch (error) {
      if (!(error instanceof ReusedConnectionClosed)) throw error;
      return this.postOnce(url, headers, body, false);
    }
  }

  private postOnce(url: URL, headers: Record<string, string>, body: string, mayReuse: boolean): Promise<Answer> {
    const timeoutMs = this.config.webhookTimeoutMs;
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
      let finishAnswer: ((complete: boolean) => void) | null = null;
      const timer = setTimeout(() => {
        // An answer whose status arrived in time is kept with what came of its body.
        if (finishAnswer) finishAnswer(false);
        else request.destroy(new TimeoutError(`Timed out: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const request = transport.request(
        url,
        {
          method: 'POST',
          headers,
          agent: mayReuse ? this.agents[url.protocol === 'https:' ? 'https:' : 'http:'] : false,
          lookup: this.config.webhookAllowPrivateUrls ? undefined : publicOnlyLookup,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          let finished = false;
          finishAnswer = (complete) => {
            if (finished) return;
            finished = true;
            clearTimeout(timer);
            // An answer not read to its end leaves the connection in the middle of it: closed, not kept.
            if (!complete) response.destroy();
            const text = Buffer.concat(chunks).subarray(0, MAX_LOGGED_RESPONSE_BYTES).toString('utf8');
            resolve({ statusCode: response.statusCode ?? 0, response: text });
          };
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= MAX_LOGGED_RESPONSE_BYTES) finishAnswer?.(false);
          });
          response.on('end', () => finishAnswer?.(true));
          response.on('error', () => finishAnswer?.(false));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        const closedUnderIt = request.reusedSocket && finishAnswer === null && CLOSED_CONNECTION_CODES.has(error.code ?? '');
        reject(closedUnderIt ? new ReusedConnectionClosed(error.message) : error);
      });
      request.end(body);
    });
  }
}

/** Why a request got no answer: too slow, an address that is not public, or no connection at all. */
function kindOf(error: unknown): AttemptErrorKind {
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof NonPublicAddressError) return 'address_refused';
  return 'connection';
}
