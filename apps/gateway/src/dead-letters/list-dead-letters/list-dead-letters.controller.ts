import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PanelRoute } from '../../auth/route-access';
import { ApiErrorResponses, Failures } from '../../http/openapi/api-error-responses';
import { ListOf } from '../../http/openapi/list-of';
import { DeadLetterDoc } from '../dead-letter.doc';
import { DeadLetterStore, DeadLetterView } from '../dead-letter-store';
import { deadLetterFilterOf, ListDeadLettersQueryDto } from './list-dead-letters-query.dto';

/** The messages the services gave up on, newest first (admins). */
@Controller('panel/dead-letters')
@PanelRoute('panel')
export class ListDeadLettersController {
  constructor(private readonly store: DeadLetterStore) {}

  @Get()
  @ApiOperation({ summary: 'List dead letters' })
  @ApiOkResponse({ type: ListOf(DeadLetterDoc) })
  @ApiErrorResponses({ 422: `${Failures.validation} For status, topic, before or limit.` })
  async list(@Query() query: ListDeadLettersQueryDto): Promise<{ data: DeadLetterView[] }> {
    return { data: await this.store.list(deadLetterFilterOf(query)) };
  }
}
