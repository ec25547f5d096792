import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticatedUser, CurrentUser } from '../../auth/authenticated-user';
import { authenticateOrCharge, AuthenticationGuard } from '../../auth/authentication.guard';
import { RateLimitGuard } from '../../auth/rate-limit/rate-limit.guard';
import { RateLimits } from '../../auth/rate-limit/rate-limits';
import { DashboardSessionStore } from '../../auth/dashboard-session-store';
import { clearSessionCookie, sessionCookieOf, setSessionCookie } from '../../auth/session-cookie';
import { TokenStore } from '../../auth/token-store';
import { validationFailed } from '../../http/api-error';

export interface SessionView {
  user_id: number;
  is_admin: boolean;
  /** The token signed in with, so that the token list can mark it. */
  token_id: number;
}

const viewOf = (user: AuthenticatedUser): SessionView => ({ user_id: user.userId, is_admin: user.isAdmin, token_id: user.tokenId });

/**
 * The dashboard's sign-in: an API token is checked and a session of its own is opened (see
 * DashboardSessionStore), whose id the browser keeps as an HttpOnly, SameSite=Strict cookie that
 * the authentication guard accepts wherever it accepts `Authorization: Bearer`; the token itself
 * is never in the cookie. POST /api/session `{token}` signs in (200 `{user_id, is_admin, token_id}`,
 * 401, 422), GET answers who is signed in, DELETE signs out (204): the session ends at once, and
 * its cookie is cleared. Left out of the OpenAPI document: API clients use the bearer
 * token; this is the dashboard's own door. A wrong token counts against the client's address as
 * any unauthenticated request does (429 once its budget is used), and a token of the index of live
 * tokens still signs in from an address that used it.
 */
@Controller('session')
@ApiExcludeController()
export class SessionController {
  constructor(
    private readonly tokens: TokenStore,
    private readonly sessions: DashboardSessionStore,
    private readonly limits: RateLimits,
  ) {}

  @Post()
  @HttpCode(200)
  async signIn(@Body() body: { token?: unknown }, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<SessionView> {
    const token = typeof body.token === 'string' ? body.token.trim() : '';
    await this.limits.refuseExhaustedAddress(request, token === '' ? null : token);
    if (token === '') throw validationFailed({ token: ['The token field is required.'] });
    const user = await authenticateOrCharge(this.tokens, this.limits, request, token);
    setSessionCookie(request, reply, await this.sessions.open(user));
    return viewOf(user);
  }

  @Get()
  @UseGuards(RateLimitGuard, AuthenticationGuard)
  current(@CurrentUser() user: AuthenticatedUser): SessionView {
    return viewOf(user);
  }

  @Delete()
  @HttpCode(204)
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const sessionId = sessionCookieOf(request);
    if (sessionId !== null) await this.sessions.end(sessionId);
    clearSessionCookie(request, reply);
  }
}
