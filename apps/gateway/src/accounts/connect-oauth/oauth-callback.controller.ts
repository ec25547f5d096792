import { Controller, Get, Inject, Logger, Param, Query, Redirect, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '@app/config';
import { RateLimitGuard } from '../../auth/rate-limit/rate-limit.guard';
import { errorResponseOf } from '../../http/error-response';
import { ConnectAccount } from '../connect-account/connect-account';
import { isOAuthProvider, redirectUriOf, usesPkce } from './oauth-apps';
import { OAuthStates } from './oauth-states';

/** Where the user lands after the platform: the dashboard's accounts page, saying what came of it. */
const ACCOUNTS_PAGE = '/app/accounts';
export const AUTHORIZATION_EXPIRED = 'This authorization is unknown, was used already or has expired; start connecting the account again.';

/**
 * The platform's redirect back after the user approved (or refused) the app: the state names the
 * member and workspace that asked, the code is exchanged by the publisher for the account's
 * tokens, and the account is connected. The browser is sent to the dashboard either way, with
 * `connected=<account id>` or `oauth_error=<why>`.
 */
@ApiExcludeController()
@Controller('oauth/:provider/callback')
@UseGuards(RateLimitGuard)
export class OAuthCallbackController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly states: OAuthStates,
    private readonly accounts: ConnectAccount,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Redirect(ACCOUNTS_PAGE, 302)
  async callback(@Param('provider') provider: string, @Query() query: Record<string, unknown>): Promise<{ url: string }> {
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : null);
    const state = text('state');
    const pending = state && isOAuthProvider(provider) ? await this.states.take(provider, state) : null;
    if (!pending || !isOAuthProvider(provider)) return failed(AUTHORIZATION_EXPIRED);
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
      if (unexpected) this.logger.error(`Connecting a ${provider} account failed`, error instanceof Error ? error.stack : String(error));
      const fields = (body as { message: string; errors?: Record<string, string[]> }).errors;
      return failed(fields ? Object.values(fields).flat().join(' ') : (body as { message: string }).message);
    }
  }
}

const failed = (why: string) => ({ url: `${ACCOUNTS_PAGE}?oauth_error=${encodeURIComponent(why)}` });
