import { ApiProperty } from '@nestjs/swagger';

/** A message a consumer group gave up on, as `/api/panel/dead-letters` shows it. */
export class DeadLetterDoc {
  @ApiProperty({ example: 12 }) id!: number;
  @ApiProperty({ type: String, nullable: true, example: 'post-commands', description: 'the topic it was given up on; null for a notice of a message too large to carry' })
  topic!: string | null;
  @ApiProperty({ type: Number, nullable: true }) partition!: number | null;
  @ApiProperty({ type: String, nullable: true }) offset!: string | null;
  @ApiProperty({ example: 'post-commands.dlq' }) dead_letter_topic!: string;
  @ApiProperty({ description: 'the message key (a post uuid for post topics)' }) key!: string;
  @ApiProperty({ type: String, nullable: true, example: 'StartPublishing' }) event_type!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'post-service.commands', description: 'the consumer group that gave up' }) group_id!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: '0 when it never reached a handler (it did not decode or verify)' }) attempts!: number | null;
  @ApiProperty({ description: 'why the group gave up' }) error!: string;
  @ApiProperty({ format: 'date-time' }) dead_lettered_at!: string;
  @ApiProperty({ description: 'whether it may be put back on its topic' }) replayable!: boolean;
  @ApiProperty({ type: String, nullable: true }) not_replayable_reason!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) replayed_at!: string | null;
  @ApiProperty({ description: 'the message value, as it was', type: 'object', additionalProperties: true }) value!: unknown;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) headers!: Record<string, string>;
}

export class ReplayOutcomeDoc {
  @ApiProperty({ description: 'dead letters put back on their topic by this request' }) replayed!: number;
  @ApiProperty({ description: 'replayable dead letters still pending (a request replays at most 1000; call again)' }) remaining!: number;
}
