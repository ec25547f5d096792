import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { Topics } from '@app/contracts';
import { FieldMessages } from '@app/domain';
import { OneOf } from '../../http/validation';
import { DEAD_LETTER_STATUSES, DeadLetterFilter, DeadLetterStatus } from '../dead-letter-store';

export const DEAD_LETTER_PAGE = 50;
export const MAX_DEAD_LETTER_PAGE = 200;
const TOPICS = Object.values(Topics);

/** `?status=&topic=&before=&limit=`: which dead letters, newest first. */
export class ListDeadLettersQueryDto {
  @ApiPropertyOptional({ enum: DEAD_LETTER_STATUSES, default: 'pending', description: 'pending: not replayed yet' })
  @IsOptional()
  @OneOf(DEAD_LETTER_STATUSES)
  status?: string;

  @ApiPropertyOptional({ enum: TOPICS, description: 'the topic the messages were given up on' })
  @IsOptional()
  @OneOf(TOPICS)
  topic?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'only dead letters with a smaller id (the next page: the last id of this one)' })
  @IsOptional()
  @Matches(/^[1-9]\d{0,15}$/, { message: FieldMessages.integer('before') })
  before?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_DEAD_LETTER_PAGE, default: DEAD_LETTER_PAGE })
  @IsOptional()
  @Matches(/^([1-9]\d?|1\d\d|200)$/, { message: `The limit field must be a whole number from 1 to ${MAX_DEAD_LETTER_PAGE}.` })
  limit?: string;
}

export const deadLetterFilterOf = (query: ListDeadLettersQueryDto): DeadLetterFilter => ({
  status: (query.status as DeadLetterStatus | undefined) ?? 'pending',
  topic: query.topic,
  before: query.before === undefined ? undefined : Number(query.before),
  limit: query.limit === undefined ? DEAD_LETTER_PAGE : Number(query.limit),
});
