import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { unauthenticated } from '../http/api-error';
import type { FastifyRequest } from 'fastify';
import { AuthenticatedUser, GatewayRequest } from './authenticated-user';
import { DashboardSessionStore } from './dashboard-session-store';
import { RateLimits } from './rate-limit/rate-limits';
import { assertNotForged, callerCredentialOf } from './session-cookie';
import { TokenStore } from './token-store';

/** What finds the user of a credential: the token store for API tokens, the session store for the dashboard's cookie. */
export interface CredentialCheck {
  authenticate(credential: string): Promise<AuthenticatedUser | null>;
}

/**
 * Missing, unknown, revoked or expired token (from `Authorization: Bearer`), or a dashboard session
 * cookie that is not live: 401, counted against the client's address. Otherwise the request counts
 * against the budget of the token (the one the session was opened with; 429 past it) and the
 * caller is attached to it.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenStore,
    private readonly sessions: DashboardSessionStore,
    private readonly limits: RateLimits,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const caller = callerCredentialOf(request);
    const user = await authenticateOrCharge(caller?.fromCookie ? this.sessions : this.tokens, this.limits, request, caller?.value ?? null);
    this.limits.countAuthenticated(user.tokenId);
    // A user was found, so a credential came.
    assertNotForged(request, caller!);
    request.user = user;
    return true;
  }
}

/**
 * The user a credential lets in; otherwise (none, or one that is not live) the request is charged
 * to the client's address and answered 401. The API's guard, the dashboard's sign-in and /mcp ask this.
 */
export async function authenticateOrCharge(check: CredentialCheck, limits: RateLimits, request: FastifyRequest, credential: string | null): Promise<AuthenticatedUser> {
  const user = credential === null ? null : await check.authenticate(credential);
  if (user) return user;
  limits.countUnauthenticated(request);
  throw unauthenticated(credential !== null);
}
