import { Body, Controller, HttpCode, Inject, Logger, Post } from '@nestjs/common';
import { ApiCreatedResponse } from '@nestjs/swagger';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { PanelRoute } from '../../../auth/route-access';
import { validationFailed } from '../../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { UserDoc } from '../user.doc';
import { USER_COLUMNS, UserView } from '../user-view';
import { CreateUserDto } from './create-user.dto';

const EMAIL_TAKEN = 'The email has already been taken.';

@Controller('panel/users')
@PanelRoute('panel')
export class CreateUserController {
  private readonly logger = new Logger('Gateway');

  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @Post()
  @HttpCode(201)
  @ApiJsonBody(CreateUserDto)
  @ApiCreatedResponse({ type: UserDoc })
  @ApiErrorResponses({ 422: `${Failures.validation} Also an email already taken.` })
  async create(@Body() body: CreateUserDto): Promise<UserView> {
    const email = body.email.trim();
    // The unique index settles races between two creations; this check gives the usual case its message.
    const rows = await this.sql.query<UserView>(
      `INSERT INTO gateway.users (name, email, is_admin) VALUES ($1, $2, $3)
       ON CONFLICT (lower(email)) WHERE deleted_at IS NULL DO NOTHING RETURNING ${USER_COLUMNS}`,
      [body.name.trim(), email, body.is_admin ?? false],
    );
    if (rows.length === 0) throw validationFailed({ email: [EMAIL_TAKEN] });
    this.logger.log(`User ${rows[0].id} created${rows[0].is_admin ? ' (admin)' : ''}`);
    return rows[0];
  }
}
