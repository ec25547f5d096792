import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '@app/config';
import { hashToken } from '@app/security';
import { tooManyAttempts } from '../../http/api-error';
import { originOf } from '../../http/request-origin';
import { LiveTokenIndex } from '../live-token-index';
import { RateDecision, RateLimiter } from './rate-limiter';

/**
 * The two budgets of the API: RATE_LIMIT_PER_MINUTE requests per token (a dashboard session counts
 * against the token it was opened with), and
 * RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE requests per client address that come without a token or
 * with one that is not live. An address that has used the second budget is refused before its
 * token is looked up, unless the token is in the index of live tokens: a flood of bad tokens from
 * an address never locks out the valid tokens of its other users (behind one NAT, say), whether
 * they were used lately or not. (Made-up tokens never reach the database at all: the token store
 * refuses what the index does not hold.)
 */
@Injectable()
export class RateLimits {
  private readonly perToken: RateLimiter;
  private readonly perAddress: RateLimiter;
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly liveTokens: LiveTokenIndex,
  ) {
    this.perToken = new RateLimiter(config.rateLimitPerMinute);
    this.perAddress = new RateLimiter(config.rateLimitUnauthenticatedPerMinute);
  }

  /**
   * Before the credential (a token, or a session id) is looked up: 429 when the address has no
   * unauthenticated requests left, unless the credential may be live.
   */
  async refuseExhaustedAddress(request: FastifyRequest, credential: string | null): Promise<void> {
    const exhausted = this.perAddress.isExhausted(this.addressOf(request));
    if (exhausted.allowed || (credential !== null && (await this.liveTokens.mayBeLive(hashToken(credential))))) return;
    refuseUnless(exhausted);
  }

  /** A request without a live token: counts against its address. */
  countUnauthenticated(request: FastifyRequest): void {
    this.perAddress.hit(this.addressOf(request));
  }

  /** A request with a live token (or a session opened with it): counts against the token; 429 once it used its requests of the minute. */
  countAuthenticated(tokenId: number): void {
    refuseUnless(this.perToken.hit(String(tokenId)));
  }

  /** The client's address (see originOf: the socket's, or the one TRUST_PROXY points to in `X-Forwarded-For`). */
  addressOf(request: FastifyRequest): string {
    return originOf(request).clientAddress;
  }
}

function refuseUnless(decision: RateDecision): void {
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
}
