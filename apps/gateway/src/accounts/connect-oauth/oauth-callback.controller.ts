import { Controller, Get, Inject, Logger, Param, Query, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '@app/config';
import { RateLimitGuard } from '../../auth/rate-limit/rate-limit.guard';
import { RateLimits } from '../../auth/rate-limit/rate-limits';
import { UserStore } from '../../panel/users/user-store';
import { MembershipStore } from '../../workspace/membership-store';
import { mayWrite } from '../../workspace/workspace-member.guard';
import { errorResponseOf } from '../../http/error-response';
import { ConnectAccount } from '../connect-account/connect-account';
import { isOAuthProvider, redirectUriOf, usesPkce } from './oauth-apps';
import { carriesBinding, clearBindingCookie } from './oauth-browser-binding';
import { OAuthStates, PendingAuthorization } from './oauth-states';
import { errorDetail } from '@app/errors';

/** Where the user lands after the platform: the dashboard's accounts page, saying what came of it. */
const ACCOUNTS_PAGE = '/app/accounts';
export const AUTHORIZATION_EXPIRED = 'This authorization is unknown, was used already or has expired; start connecting the account again.';
export const OTHER_BROWSER = 'This authorization was begun in another browser; start connecting the account again in this one.';
export const NO_LONGER_ALLOWED = 'The user who began this authorization may no longer connect accounts in the workspace.';

/**
 * The platform's redirect back after the user approved (or refused) the app: the state names the
 * member and workspace that asked, the code is exchanged by the publisher for the account's
 * tokens, and the account is connected. The browser is sent to the dashboard either way, with
 * `connected=<account id>` or `oauth_error=<why>`. Refused: a browser without the binding cookie of
 * the state (it was begun elsewhere), and a state whose user is no longer a member who may write in
 * the workspace. An unknown state or a missing binding counts against the client's address, as a
 * wrong token does.
 */
@ApiExcludeController()
@Controller('oauth/:provider/callback')
@UseGuards(RateLimitGuard)
export class OAuthCallbackController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly states: OAuthStates,
    private readonly accounts: ConnectAccount,
    private readonly limits: RateLimits,
    private readonly memberships: MembershipStore,
    private readonly users: UserStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Redirect(ACCOUNTS_PAGE, 302)
  async callback(
    @Param('provider') provider: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ url: string }> {
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : null);
    const state = text('state');
    const pending = state && isOAuthProvider(provider) ? await this.states.take(provider, state) : null;
    if (!state || !pending || !isOAuthProvider(provider)) return this.refused(request, AUTHORIZATION_EXPIRED);
    clearBindingCookie(request, reply, state);
    if (pending.browserBindingHash === null || !carriesBinding(request, state, pending.browserBindingHash)) return this.refused(request, OTHER_BROWSER);
    if (!(await this.mayStillConnect(pending))) return failed(NO_LONGER_ALLOWED);
    const refusal = text('error');
    if (refusal) return failed(`The platform did not authorize the app: ${text('error_description') ?? refusal}`);
    const code = text('code');
    if (!code) return failed('The platform sent no authorization code.');
    try {
      const credentials: Record<string, unknown> = { code, redirect_uri: redirectUriOf(this.config, provider) };
      if (usesPkce(provider)) credentials.code_verifier = pending.codeVerifier;
      const account =
        pending.accountId === null
          ? await this.accounts.connect({ workspaceUuid: pending.workspaceUuid, provider, name: pending.accountName, username: null, settings: {}, credentials })
          : await this.accounts.reconnect(pending.workspaceUuid, pending.accountId, { settings: {}, credentials });
      return { url: `${ACCOUNTS_PAGE}?connected=${account.id}` };
    } catch (error) {
      const { body, unexpected } = errorResponseOf(error);
      if (unexpected) this.logger.error(`Connecting a ${provider} account failed`, errorDetail(error));
      const fields = (body as { message: string; errors?: Record<string, string[]> }).errors;
      return failed(fields ? Object.values(fields).flat().join(' ') : (body as { message: string }).message);
    }
  }

  /** A callback nobody could have been sent to: charged to the client's address. */
  private refused(request: FastifyRequest, why: string): { url: string } {
    this.limits.countUnauthenticated(request);
    return failed(why);
  }

  private async mayStillConnect(pending: PendingAuthorization): Promise<boolean> {
    const membership = await this.memberships.find(pending.workspaceUuid, pending.userId);
    return membership !== null && mayWrite(membership) && (await this.users.exists(pending.userId));
  }
}

const failed = (why: string) => ({ url: `${ACCOUNTS_PAGE}?oauth_error=${encodeURIComponent(why)}` });
