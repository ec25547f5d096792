import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ValidateBy, ValidateIf } from 'class-validator';
import { type BestTime, FieldMessages, WEEKDAYS, type Weekday } from '@app/domain';

/** `?account_id=`: optional. */
export class BestTimesQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'only this account' })
  @ValidateIf((query: BestTimesQueryDto) => query.account_id !== undefined && query.account_id !== '')
  @ValidateBy({ name: 'accountId', validator: { validate: (value: unknown) => typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value), defaultMessage: () => FieldMessages.integer('account_id') } })
  account_id?: string;
}

@ApiSchema({ name: 'BestTime', description: 'An hour of the week, as a queue slot, and how the posts published in it did' })
export class BestTimeDoc implements BestTime {
  @ApiProperty({ enum: WEEKDAYS, example: 'thu' }) day: Weekday;
  @ApiProperty({ example: '17:00', description: 'the hour, H:i, in the queue’s time zone' }) time: string;
  @ApiProperty({ example: 7, description: 'the median engagement of its posts' }) median_engagement: number;
  @ApiProperty({ type: 'integer', minimum: 1, example: 2, description: 'how many posts it was learned from' }) posts: number;
}

@ApiSchema({ name: 'AccountBestTimes' })
export class AccountBestTimesDoc {
  @ApiProperty({ type: 'integer', example: 1 }) account_id: number;
  @ApiProperty({ example: 'bluesky' }) provider: string;
  @ApiProperty({ type: [BestTimeDoc], description: 'best first' }) times: BestTimeDoc[];
}

@ApiSchema({ name: 'BestTimes' })
export class BestTimesDoc {
  @ApiProperty({ example: 'Europe/Paris', description: 'the posting queue’s time zone, which the hours are in' }) timezone: string;
  @ApiProperty({ format: 'date-time', description: 'the posts published since then count' }) since: string;
  @ApiProperty({ type: [AccountBestTimesDoc], description: 'each account with figures read, in account order' }) data: AccountBestTimesDoc[];
}
