import { Body, Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { APP_CONFIG, AppConfig } from '@app/config';
import { OAUTH_PROVIDERS } from '@app/platforms';
import { CurrentMembership, CurrentUser, AuthenticatedUser, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { validationFailed } from '../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { AtMostCharacters, MustBeInteger, MustBeString } from '../../http/validation';
import { AccountStore } from '../account-store';
import { authorizeUrlOf, isOAuthProvider, unconfiguredReason } from './oauth-apps';
import { setBindingCookie } from './oauth-browser-binding';
import { OAuthStates } from './oauth-states';

export class StartOAuthDto {
  @ApiProperty({ type: String, required: false, example: 'Acme on X', description: 'default: the name the platform reports' })
  @IsOptional()
  @MustBeString()
  @AtMostCharacters(255)
  name?: string | null;

  @ApiProperty({ type: 'integer', required: false, example: 12, description: 'an account of the workspace on this platform to connect again (after `authorized: false`); it keeps its id and posts' })
  @IsOptional()
  @MustBeInteger()
  account_id?: number;
}

export class AuthorizeUrlDoc {
  @ApiProperty({ example: 'https://x.com/i/oauth2/authorize?response_type=code&client_id=...&state=...', description: 'send the user there; the platform brings them back to /api/oauth/{provider}/callback' })
  authorize_url!: string;
}

export const NOT_AN_OAUTH_PROVIDER = 'The provider does not connect through OAuth: send its credentials to POST /api/{workspaceUuid}/accounts.';

/**
 * Begins connecting an account of an OAuth platform (LinkedIn, X): the address of the platform's
 * authorization page, and a cookie that binds the authorization to this browser (the callback
 * refuses a browser without it, so the authorization must be completed where it began: in the
 * dashboard, or by a client that sends the cookie back).
 */
@Controller(':workspaceUuid/accounts/connect')
@WorkspaceRoute('accounts')
export class StartOAuthController {
  constructor(
    private readonly states: OAuthStates,
    private readonly accounts: AccountStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(':provider')
  @ApiOperation({ summary: 'Start connecting an account through the platform\'s OAuth consent page' })
  @HttpCode(200)
  @ApiParam({ name: 'provider', enum: OAUTH_PROVIDERS })
  @ApiJsonBody(StartOAuthDto, { name: 'Acme on X' })
  @ApiOkResponse({ type: AuthorizeUrlDoc, description: 'with a `Set-Cookie` binding the authorization to this browser: the callback must come with it' })
  @ApiErrorResponses({ 422: `${Failures.validation} Also a provider that does not connect through OAuth, or one this service has no app for ("provider").` })
  async start(
    @CurrentMembership() membership: Membership,
    @CurrentUser() user: AuthenticatedUser,
    @Param('provider') provider: string,
    @Body() body: StartOAuthDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthorizeUrlDoc> {
    if (!isOAuthProvider(provider)) throw validationFailed({ provider: [NOT_AN_OAUTH_PROVIDER] });
    const unconfigured = unconfiguredReason(this.config, provider);
    if (unconfigured) throw validationFailed({ provider: [unconfigured] });
    const accountId = body?.account_id ?? null;
    if (accountId !== null) {
      const existing = await this.accounts.find(membership.workspaceUuid, accountId);
      if (!existing || existing.provider !== provider) throw validationFailed({ account_id: [`The workspace has no ${provider} account with this id.`] });
    }
    const { state, codeVerifier, browserBinding } = await this.states.begin({ workspaceUuid: membership.workspaceUuid, provider, userId: user.userId, accountName: body?.name?.trim() || null, accountId });
    setBindingCookie(request, reply, state, browserBinding);
    return { authorize_url: authorizeUrlOf(this.config, provider, state, codeVerifier) };
  }
}
