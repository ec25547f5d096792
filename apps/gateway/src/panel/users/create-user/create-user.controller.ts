import { Body, Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { PanelRoute } from '../../../auth/route-access';
import { validationFailed } from '../../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { UserDoc } from '../user.doc';
import { UserView } from '../user-view';
import { CreateUserDto } from './create-user.dto';
import { UserStore } from '../user-store';
import { Idempotent } from '../../../idempotency/idempotent.decorator';

const EMAIL_TAKEN = 'The email has already been taken.';

@Controller('panel/users')
@PanelRoute('panel')
export class CreateUserController {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly users: UserStore) {}

  @Post()
  @ApiOperation({ summary: 'Create a user' })
  @Idempotent()
  @HttpCode(201)
  @ApiJsonBody(CreateUserDto, { name: 'Ada', email: 'ada@example.com', is_admin: false })
  @ApiCreatedResponse({ type: UserDoc })
  @ApiErrorResponses({ 422: `${Failures.validation} Also an email already taken.` })
  async create(@Body() body: CreateUserDto): Promise<UserView> {
    const user = await this.users.create(body.name.trim(), body.email.trim(), body.is_admin ?? false);
    if (!user) throw validationFailed({ email: [EMAIL_TAKEN] });
    this.logger.log(`User ${user.id} created${user.is_admin ? ' (admin)' : ''}`);
    return user;
  }
}
