import { Body, Controller, Delete, Get, HttpCode, Logger, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../../auth/authenticated-user';
import { UserRoute } from '../../auth/route-access';
import { IssuedToken, MAX_LIVE_TOKENS_PER_USER, TokenStore, TokenSummary } from '../../auth/token-store';
import { notFound } from '../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { ListOf } from '../../http/openapi/list-of';
import { ApiIdParam } from '../../http/openapi/path-params';
import { idFromPath } from '../../http/route-params';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { TOKEN_NOT_FOUND } from '../../panel/tokens/revoke-token/revoke-token.controller';
import { CreateTokenDto } from '../../panel/users/create-token/create-token.dto';
import { issueRequestedToken } from '../../panel/users/create-token/issue-requested-token';
import { TokenDoc } from '../../panel/users/create-token/token.doc';
import { TokenSummaryDoc } from '../../panel/users/list-tokens/token-summary.doc';

/**
 * The caller's own API tokens (the dashboard's Settings page): list, create (the plaintext is in
 * this answer only), revoke. Any signed-in user, admin or not; another user's token is not found.
 */
@Controller('me/tokens')
@UserRoute('me')
export class OwnTokensController {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly tokens: TokenStore) {}

  @Get()
  @ApiOperation({ summary: 'List the caller\'s own API tokens' })
  @ApiOkResponse({ type: ListOf(TokenSummaryDoc) })
  async list(@CurrentUser() caller: AuthenticatedUser): Promise<{ data: TokenSummary[] }> {
    return { data: await this.tokens.listOf(caller.userId) };
  }

  @Post()
  @ApiOperation({ summary: 'Create an API token for the caller' })
  @Idempotent({ answersSecret: true })
  @HttpCode(201)
  @ApiJsonBody(CreateTokenDto, { name: 'laptop' })
  @ApiCreatedResponse({ type: TokenDoc })
  @ApiErrorResponses({ 422: `${Failures.validation} Also an expires_at that is not a date after now or later than the expiry of the token sending the request (without expires_at, the new token expires with it), and a caller who holds ${MAX_LIVE_TOKENS_PER_USER} live tokens already ("tokens").` })
  async create(@Body() body: CreateTokenDto, @CurrentUser() caller: AuthenticatedUser): Promise<IssuedToken> {
    const issued = await issueRequestedToken(this.tokens, caller.userId, body, caller);
    this.logger.log(`Token ${issued.id} issued by user ${caller.userId} for themselves`);
    return issued;
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke one of the caller\'s own API tokens' })
  @HttpCode(204)
  @ApiIdParam('id', 'one of the caller\'s tokens, as GET /api/me/tokens lists it')
  @ApiNoContentResponse({ description: 'revoked: a request with it answers 401 from now on' })
  @ApiErrorResponses({ 404: `No live token of the caller has this id: "${TOKEN_NOT_FOUND}"` })
  async revoke(@Param('id') idText: string, @CurrentUser() caller: AuthenticatedUser): Promise<void> {
    const id = idFromPath(idText);
    if (id === null || !(await this.tokens.revoke(id, caller.userId))) throw notFound(TOKEN_NOT_FOUND);
    this.logger.log(`Token ${id} revoked by its owner, user ${caller.userId}`);
  }
}
