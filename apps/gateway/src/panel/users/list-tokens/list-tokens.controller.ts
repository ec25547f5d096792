import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PanelRoute } from '../../../auth/route-access';
import { TokenStore, TokenSummary } from '../../../auth/token-store';
import { notFound } from '../../../http/api-error';
import { ApiErrorResponses } from '../../../http/openapi/api-error-responses';
import { ListOf } from '../../../http/openapi/list-of';
import { ApiIdParam } from '../../../http/openapi/path-params';
import { idFromPath } from '../../../http/route-params';
import { USER_NOT_FOUND } from '../delete-user/delete-user.controller';
import { UserStore } from '../user-store';
import { TokenSummaryDoc } from './token-summary.doc';

/** The tokens of a user that were not revoked, oldest first: names and dates, never the tokens. */
@Controller('panel/users/:id/tokens')
@PanelRoute('panel')
export class ListTokensController {
  constructor(
    private readonly users: UserStore,
    private readonly tokens: TokenStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List a user\'s API tokens' })
  @ApiIdParam('id', 'the user whose tokens')
  @ApiOkResponse({ type: ListOf(TokenSummaryDoc) })
  @ApiErrorResponses({ 404: `No user has this id: "${USER_NOT_FOUND}"` })
  async list(@Param('id') idText: string): Promise<{ data: TokenSummary[] }> {
    const userId = idFromPath(idText);
    if (userId === null || !(await this.users.exists(userId))) throw notFound(USER_NOT_FOUND);
    return { data: await this.tokens.listOf(userId) };
  }
}
