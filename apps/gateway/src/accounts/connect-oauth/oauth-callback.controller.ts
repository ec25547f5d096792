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
import type { OAuthErrorCode } from '@app/client';
import { OAuthStates, PendingAuthorization } from './oauth-states';
import { errorDetail } from '@app/errors';

/** Where the user lands after the platform: the dashboard's accounts page, saying what came of it. */
const ACCOUNTS_PAGE = '/app/accounts';

/** The errors of OAuth 2.0 (and LinkedIn's own) that say the user refused or cancelled. */
const REFUSED_BY_USER: ReadonlySet<string> = new Set(['access_denied', 'user_cancelled_login', 'user_cancelled_authorize']);

/**
 * The platform's redirect back after the user approved (or refused) the app: the state names the
 * member and workspace that asked, the code is exchanged by the publisher for the account's
 * tokens, and the account is connected. The browser is sent to the dashboard either way, with
 * `connected=<account id>` or `oauth_error=<code>` (one of OAUTH_ERROR_CODES, never a text: the
 * dashboard shows a message of its own for each; the reason of a failed connect is logged).
 * Refused: a browser without the binding cookie of the state (it was begun elsewhere; the state is
 * left for the browser that began it), and a state whose user is no longer a member who may write
 * in the workspace. An unknown state or a missing binding counts against the client's address, as
 * a wrong token does.
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
    if (!state || !isOAuthProvider(provider)) return this.refused(request, 'expired');
    const taken = await this.states.take(provider, state, (bindingHash) => carriesBinding(request, state, bindingHash));
    if ('refused' in taken) return this.refused(request, taken.refused);
    clearBindingCookie(request, reply, state);
    const { pending } = taken;
    if (!(await this.mayStillConnect(pending))) return failed('not_allowed');
    const refusal = text('error');
    if (refusal) return failed(REFUSED_BY_USER.has(refusal) ? 'denied' : 'platform_error');
    const code = text('code');
    if (!code) return failed('platform_error');
    try {
      const credentials: Record<string, unknown> = { code, redirect_uri: redirectUriOf(this.config, provider) };
      if (usesPkce(provider)) credentials.code_verifier = pending.codeVerifier;
      const account =
        pending.accountId === null
          ? await this.accounts.connect({ workspaceUuid: pending.workspaceUuid, provider, name: pending.accountName, username: null, settings: {}, credentials })
          : await this.accounts.reconnect(pending.workspaceUuid, pending.accountId, { settings: {}, credentials });
      return { url: `${ACCOUNTS_PAGE}?connected=${account.id}` };
    } catch (error) {
      const { status, body, unexpected } = errorResponseOf(error);
      if (unexpected) this.logger.error(`Connecting a ${provider} account failed`, errorDetail(error));
      else this.logger.warn(`Connecting a ${provider} account to workspace ${pending.workspaceUuid} failed (${status}): ${JSON.stringify(body)}`);
      return failed(status === 404 ? 'account_removed' : status === 503 ? 'unavailable' : 'connect_failed');
    }
  }

  /** A callback nobody could have been sent to: charged to the client's address. */
  private refused(request: FastifyRequest, why: OAuthErrorCode): { url: string } {
    this.limits.countUnauthenticated(request);
    return failed(why);
  }

  private async mayStillConnect(pending: PendingAuthorization): Promise<boolean> {
    const membership = await this.memberships.find(pending.workspaceUuid, pending.userId);
    return membership !== null && mayWrite(membership) && (await this.users.exists(pending.userId));
  }
}

const failed = (why: OAuthErrorCode) => ({ url: `${ACCOUNTS_PAGE}?oauth_error=${why}` });
