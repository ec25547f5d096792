import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Topics } from '@app/contracts';
import { OneOf } from '../../http/validation';

const TOPICS = Object.values(Topics);

/** Which pending dead letters to replay: those of one topic, or (no body) all. */
export class ReplayDeadLettersDto {
  @ApiPropertyOptional({ enum: TOPICS, description: 'only those given up on this topic' })
  @IsOptional()
  @OneOf(TOPICS)
  topic?: string;
}
