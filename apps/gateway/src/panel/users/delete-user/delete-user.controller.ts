import { Controller, Delete, HttpCode, Logger, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { Messages } from '@app/contracts';
import { AuthenticatedUser, CurrentUser } from '../../../auth/authenticated-user';
import { PanelRoute } from '../../../auth/route-access';
import { badRequest, notFound } from '../../../http/api-error';
import { ApiErrorResponses } from '../../../http/openapi/api-error-responses';
import { ApiIdParam } from '../../../http/openapi/path-params';
import { idFromPath } from '../../../http/route-params';
import { UserStore } from '../user-store';

export const USER_NOT_FOUND = 'User not found.';

/** Removes a user: their tokens stop working and they leave every workspace. */
@Controller('panel/users/:id')
@PanelRoute('panel')
export class DeleteUserController {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly users: UserStore) {}

  @Delete()
  @ApiOperation({ summary: 'Delete a user and revoke their tokens' })
  @HttpCode(204)
  @ApiIdParam('id', 'the user')
  @ApiNoContentResponse({ description: 'deleted: their tokens are revoked and they left every workspace' })
  @ApiErrorResponses({ 400: `The caller's own account: "${Messages.cannotDeleteSelf}"`, 404: `No user has this id: "${USER_NOT_FOUND}"` })
  async delete(@Param('id') idText: string, @CurrentUser() caller: AuthenticatedUser): Promise<void> {
    const id = idFromPath(idText);
    if (id === null) throw notFound(USER_NOT_FOUND);
    if (id === caller.userId) throw badRequest(Messages.cannotDeleteSelf);
    if (!(await this.users.delete(id))) throw notFound(USER_NOT_FOUND);
    this.logger.log(`User ${id} deleted by user ${caller.userId}; their tokens are revoked`);
  }
}
