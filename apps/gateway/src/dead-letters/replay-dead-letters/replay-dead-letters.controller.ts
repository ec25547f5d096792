import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PanelRoute } from '../../auth/route-access';
import { notFound } from '../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { ApiIdParam } from '../../http/openapi/path-params';
import { idFromPath } from '../../http/route-params';
import { DeadLetterDoc, ReplayOutcomeDoc } from '../dead-letter.doc';
import { DeadLetterView } from '../dead-letter-store';
import { DEAD_LETTER_NOT_FOUND, ReplayDeadLetters } from './replay-dead-letters';
import { ReplayDeadLettersDto } from './replay-dead-letters.dto';

/** Puts dead letters back on their topic once their cause is fixed (admins). */
@Controller('panel/dead-letters')
@PanelRoute('panel')
export class ReplayDeadLettersController {
  constructor(private readonly replay: ReplayDeadLetters) {}

  @Post('replay')
  @ApiOperation({ summary: 'Replay the dead letters that can be replayed' })
  @HttpCode(200)
  @ApiJsonBody(ReplayDeadLettersDto, { topic: 'post-events' })
  @ApiOkResponse({ type: ReplayOutcomeDoc })
  @ApiErrorResponses({ 422: Failures.validation, 503: Failures.unavailable })
  pending(@Body() body: ReplayDeadLettersDto): Promise<{ replayed: number; remaining: number }> {
    return this.replay.pending(body?.topic);
  }

  @Post(':id/replay')
  @ApiOperation({ summary: 'Replay one dead letter' })
  @HttpCode(200)
  @ApiIdParam('id', 'the dead letter')
  @ApiOkResponse({ type: DeadLetterDoc, description: 'the dead letter, now replayed' })
  @ApiErrorResponses({
    404: `No dead letter has this id: "${DEAD_LETTER_NOT_FOUND}"`,
    409: 'It cannot be replayed ("This dead letter cannot be replayed: <the reason>."), or it was already replayed ("This dead letter was already replayed.").',
    503: Failures.unavailable,
  })
  one(@Param('id') idText: string): Promise<DeadLetterView> {
    const id = idFromPath(idText);
    if (id === null) throw notFound(DEAD_LETTER_NOT_FOUND);
    return this.replay.one(id);
  }
}
