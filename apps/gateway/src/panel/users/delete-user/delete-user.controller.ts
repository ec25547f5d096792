import { Controller, Delete, HttpCode, Inject, Logger, Param } from '@nestjs/common';
import { ApiNoContentResponse } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { AuthenticatedUser, CurrentUser } from '../../../auth/authenticated-user';
import { PanelRoute } from '../../../auth/route-access';
import { TokenStore } from '../../../auth/token-store';
import { badRequest, notFound } from '../../../http/api-error';
import { ApiErrorResponses } from '../../../http/openapi/api-error-responses';
import { ApiIdParam } from '../../../http/openapi/path-params';
import { idFromPath } from '../../../http/route-params';

export const USER_NOT_FOUND = 'User not found.';

/** Removes a user: their tokens stop working and they leave every workspace. */
@Controller('panel/users/:id')
@PanelRoute('panel')
export class DeleteUserController {
  private readonly logger = new Logger('Gateway');

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly tokens: TokenStore,
  ) {}

  @Delete()
  @HttpCode(204)
  @ApiIdParam('id', 'the user')
  @ApiNoContentResponse({ description: 'deleted: their tokens are revoked and they left every workspace' })
  @ApiErrorResponses({ 400: `The caller's own account: "${Messages.cannotDeleteSelf}"`, 404: `No user has this id: "${USER_NOT_FOUND}"` })
  async delete(@Param('id') idText: string, @CurrentUser() caller: AuthenticatedUser): Promise<void> {
    const id = idFromPath(idText);
    if (id === null) throw notFound(USER_NOT_FOUND);
    if (id === caller.userId) throw badRequest(Messages.cannotDeleteSelf);
    const deleted = await this.sql.transaction(async (tx) => {
      const rows = await tx.query(`UPDATE gateway.users SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id`, [id]);
      if (rows.length === 0) return false;
      await this.tokens.revokeAllOf(id, tx);
      await tx.query(`DELETE FROM gateway.memberships WHERE user_id = $1`, [id]);
      return true;
    });
    if (!deleted) throw notFound(USER_NOT_FOUND);
    this.logger.log(`User ${id} deleted by user ${caller.userId}; their tokens are revoked`);
  }
}
