import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '@app/config';
import { hashToken } from '@app/security';
import { tooManyAttempts } from '../../http/api-error';
import { RateDecision, RateLimiter } from './rate-limiter';

/**
 * The two budgets of the API: RATE_LIMIT_PER_MINUTE requests per token, and
 * RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE requests per client address that come without a token or
 * with one that is not live. An address that has used the second budget is refused before its
 * token is looked up, so a flood of made-up tokens stops reaching the database; a token that was
 * live in the last RECENTLY_LIVE_MS is still looked up, so a flood from an address does not lock
 * out its users.
 */
@Injectable()
export class RateLimits {
  private readonly perToken: RateLimiter;
  private readonly perAddress: RateLimiter;
  private readonly trustProxy: boolean;
  /** Digests of tokens that authenticated lately, with when (epoch ms), oldest first. */
  private readonly recentlyLive = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.perToken = new RateLimiter(config.rateLimitPerMinute);
    this.perAddress = new RateLimiter(config.rateLimitUnauthenticatedPerMinute);
    this.trustProxy = config.trustProxy;
  }

  /**
   * Before the token is looked up: 429 when the address has no unauthenticated requests left,
   * unless the token was live lately.
   */
  refuseExhaustedAddress(request: FastifyRequest, token: string | null): void {
    if (token !== null && this.wasLiveLately(hashToken(token))) return;
    refuseUnless(this.perAddress.isExhausted(this.addressOf(request)));
  }

  /** A request without a live token: counts against its address. */
  countUnauthenticated(request: FastifyRequest): void {
    this.perAddress.hit(this.addressOf(request));
  }

  /** A request with a live token: counts against the token; 429 once it used its requests of the minute. */
  countAuthenticated(token: string): void {
    const digest = hashToken(token);
    this.rememberLive(digest);
    refuseUnless(this.perToken.hit(digest));
  }

  /** The socket's address, or the first `X-Forwarded-For` entry when TRUST_PROXY is set. */
  addressOf(request: FastifyRequest): string {
    if (this.trustProxy) {
      const forwarded = request.headers['x-forwarded-for'];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
      if (first) return first;
    }
    return request.socket.remoteAddress ?? request.ip;
  }

  private wasLiveLately(digest: string): boolean {
    const seenAt = this.recentlyLive.get(digest);
    return seenAt !== undefined && Date.now() - seenAt < RECENTLY_LIVE_MS;
  }

  private rememberLive(digest: string): void {
    this.recentlyLive.delete(digest);
    this.recentlyLive.set(digest, Date.now());
    if (this.recentlyLive.size > MAX_REMEMBERED_TOKENS) this.recentlyLive.delete(this.recentlyLive.keys().next().value!);
  }
}

/** How long a token that authenticated is let past a flooded address's budget to be looked up. */
export const RECENTLY_LIVE_MS = 10 * 60_000;
const MAX_REMEMBERED_TOKENS = 100_000;

function refuseUnless(decision: RateDecision): void {
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
}
