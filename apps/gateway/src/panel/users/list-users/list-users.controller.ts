import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { PanelRoute } from '../../../auth/route-access';
import { ListOf } from '../../../http/openapi/list-of';
import { UserDoc } from '../user.doc';
import { USER_COLUMNS, UserView } from '../user-view';

@Controller('panel/users')
@PanelRoute('panel')
export class ListUsersController {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @Get()
  @ApiOkResponse({ type: ListOf(UserDoc) })
  async list(): Promise<{ data: UserView[] }> {
    return { data: await this.sql.query<UserView>(`SELECT ${USER_COLUMNS} FROM gateway.users WHERE deleted_at IS NULL ORDER BY id`) };
  }
}
