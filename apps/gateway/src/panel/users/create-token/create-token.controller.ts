import { Body, Controller, HttpCode, Logger, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse } from '@nestjs/swagger';
import { PanelRoute } from '../../../auth/route-access';
import { IssuedToken, TokenStore } from '../../../auth/token-store';
import { notFound, validationFailed } from '../../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../../http/openapi/api-error-responses';
import { ApiIdParam } from '../../../http/openapi/path-params';
import { idFromPath } from '../../../http/route-params';
import { FieldMessages } from '@app/domain';
import { USER_NOT_FOUND } from '../delete-user/delete-user.controller';
import { CreateTokenDto } from './create-token.dto';
import { TokenDoc } from './token.doc';
import { UsersRepository } from '../users.repository';
import { Idempotent } from '../../../idempotency/idempotent.decorator';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Issues an API token for a user; the answer is the only time its plaintext is shown. */
@Controller('panel/users/:id/tokens')
@PanelRoute('panel')
export class CreateTokenController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenStore,
  ) {}

  @Post()
  @Idempotent()
  @HttpCode(201)
  @ApiIdParam('id', 'the user the token is for')
  @ApiJsonBody(CreateTokenDto)
  @ApiCreatedResponse({ type: TokenDoc })
  @ApiErrorResponses({ 404: `No user has this id: "${USER_NOT_FOUND}"`, 422: `${Failures.validation} Also an expires_at that is not a date after now.` })
  async create(@Param('id') idText: string, @Body() body: CreateTokenDto): Promise<IssuedToken> {
    const userId = idFromPath(idText);
    if (userId === null || !(await this.users.exists(userId))) throw notFound(USER_NOT_FOUND);
    const expiresAt = expiryOf(body.expires_at);
    const issued = await this.tokens.issue(userId, body.name.trim(), expiresAt);
    this.logger.log(`Token ${issued.id} issued for user ${userId}${expiresAt ? `, expires ${expiresAt.toISOString()}` : ''}`);
    return issued;
  }
}

function expiryOf(value: string | null | undefined): Date | null {
  if (value === undefined || value === null) return null;
  const at = ISO_8601.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw validationFailed({ expires_at: [FieldMessages.date('expires_at')] });
  if (at.getTime() <= Date.now()) throw validationFailed({ expires_at: [FieldMessages.dateAfterNow('expires_at')] });
  return at;
}
