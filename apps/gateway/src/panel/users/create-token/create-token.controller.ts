import { Body, Controller, HttpCode, Logger, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../../../auth/authenticated-user';
import { PanelRoute } from '../../../auth/route-access';
import { IssuedToken, MAX_LIVE_TOKENS_PER_USER, TokenStore } from '../../../auth/token-store';
import { notFound } from '../../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { ApiIdParam } from '../../../http/openapi/path-params';
import { idFromPath } from '../../../http/route-params';
import { USER_NOT_FOUND } from '../delete-user/delete-user.controller';
import { CreateTokenDto } from './create-token.dto';
import { issueRequestedToken } from './issue-requested-token';
import { TokenDoc } from './token.doc';
import { UserStore } from '../user-store';
import { Idempotent } from '../../../idempotency/idempotent.decorator';

/** Issues an API token for a user; the answer is the only time its plaintext is shown. */
@Controller('panel/users/:id/tokens')
@PanelRoute('panel')
export class CreateTokenController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly users: UserStore,
    private readonly tokens: TokenStore,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create an API token for a user' })
  @Idempotent({ answersSecret: true })
  @HttpCode(201)
  @ApiIdParam('id', 'the user the token is for')
  @ApiJsonBody(CreateTokenDto, { name: 'ci' })
  @ApiCreatedResponse({ type: TokenDoc })
  @ApiErrorResponses({ 404: `No user has this id: "${USER_NOT_FOUND}"`, 422: `${Failures.validation} Also an expires_at that is not a date after now or later than the caller's own token's expiry, and a user who holds ${MAX_LIVE_TOKENS_PER_USER} live tokens already ("tokens").` })
  async create(@Param('id') idText: string, @Body() body: CreateTokenDto, @CurrentUser() caller: AuthenticatedUser): Promise<IssuedToken> {
    const userId = idFromPath(idText);
    if (userId === null || !(await this.users.exists(userId))) throw notFound(USER_NOT_FOUND);
    const issued = await issueRequestedToken(this.tokens, userId, body, caller);
    this.logger.log(`Token ${issued.id} issued for user ${userId}${issued.expires_at ? `, expires ${issued.expires_at}` : ''}`);
    return issued;
  }
}
