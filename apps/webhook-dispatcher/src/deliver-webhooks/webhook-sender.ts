import { Inject, Injectable } from '@nestjs/common';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP } from 'node:net';
import { APP_CONFIG, AppConfig } from '@app/config';
import { AttemptErrorKind } from '@app/contracts';
import { findNonPublicAddress, hostOf, NonPublicAddressError, publicOnlyLookup } from '@app/network';
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

interface Answer {
  statusCode: number;
  response: string;
}

/**
 * One signed POST of a webhook message. Success is a 2xx status within the timeout; the answer's
 * first kilobyte is kept for the log. Unless private URLs are allowed, the address connected to
 * must be public.
 */
@Injectable()
export class WebhookSender {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

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
    };
  }

  /** An IP literal is connected to without a lookup, so it is checked here. */
  private async refuseNonPublicLiteral(url: URL): Promise<void> {
    const host = hostOf(url);
    if (this.config.webhookAllowPrivateUrls || !isIP(host)) return;
    const refused = await findNonPublicAddress(host);
    if (refused) throw refused;
  }

  private post(url: URL, headers: Record<string, string>, body: string): Promise<Answer> {
    const timeoutMs = this.config.webhookTimeoutMs;
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<Answer>((resolve, reject) => {
      let finishAnswer: (() => void) | null = null;
      const timer = setTimeout(() => {
        // An answer whose status arrived in time is kept with what came of its body.
        if (finishAnswer) finishAnswer();
        else request.destroy(new TimeoutError(`Timed out: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const request = transport.request(
        url,
        {
          method: 'POST',
          headers,
          agent: false,
          lookup: this.config.webhookAllowPrivateUrls ? undefined : publicOnlyLookup,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          finishAnswer = () => {
            clearTimeout(timer);
            response.destroy();
            const text = Buffer.concat(chunks).subarray(0, MAX_LOGGED_RESPONSE_BYTES).toString('utf8');
            resolve({ statusCode: response.statusCode ?? 0, response: text });
          };
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= MAX_LOGGED_RESPONSE_BYTES) finishAnswer?.();
          });
          response.on('end', () => finishAnswer?.());
          response.on('error', () => finishAnswer?.());
        },
      );
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
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
