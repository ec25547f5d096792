import { Controller, Delete, HttpCode, Logger, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../../../auth/authenticated-user';
import { PanelRoute } from '../../../auth/route-access';
import { TokenStore } from '../../../auth/token-store';
import { notFound } from '../../../http/api-error';
import { ApiErrorResponses } from '../../../http/openapi/api-error-responses';
import { ApiIdParam } from '../../../http/openapi/path-params';
import { idFromPath } from '../../../http/route-params';

export const TOKEN_NOT_FOUND = 'Token not found.';

/** Revokes any user's token: from the next request on it answers 401, and it never works again. */
@Controller('panel/tokens/:id')
@PanelRoute('panel')
export class RevokeTokenController {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly tokens: TokenStore) {}

  @Delete()
  @ApiOperation({ summary: 'Revoke any API token' })
  @HttpCode(204)
  @ApiIdParam('id', 'the token, as GET /api/panel/users/{id}/tokens lists it')
  @ApiNoContentResponse({ description: 'revoked: a request with it answers 401 from now on' })
  @ApiErrorResponses({ 404: `No live token has this id (unknown or already revoked): "${TOKEN_NOT_FOUND}"` })
  async revoke(@Param('id') idText: string, @CurrentUser() caller: AuthenticatedUser): Promise<void> {
    const id = idFromPath(idText);
    if (id === null || !(await this.tokens.revoke(id))) throw notFound(TOKEN_NOT_FOUND);
    this.logger.log(`Token ${id} revoked by user ${caller.userId}`);
  }
}
