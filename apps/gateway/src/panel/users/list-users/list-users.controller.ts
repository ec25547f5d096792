import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PanelRoute } from '../../../auth/route-access';
import { ListOf } from '../../../http/openapi/list-of';
import { UserDoc } from '../user.doc';
import { UserView } from '../user-view';
import { UserStore } from '../user-store';

@Controller('panel/users')
@PanelRoute('panel')
export class ListUsersController {
  constructor(private readonly users: UserStore) {}

  @Get()
  @ApiOperation({ summary: 'List users' })
  @ApiOkResponse({ type: ListOf(UserDoc) })
  async list(): Promise<{ data: UserView[] }> {
    return { data: await this.users.list() };
  }
}
