import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PostingQueueLimits, QueueSlot, Weekday, WEEKDAYS } from '@app/domain';

/* OpenAPI description of a workspace's posting queue; the body is checked by readPostingQueue. */

@ApiSchema({ name: 'QueueSlot' })
class QueueSlotDoc implements QueueSlot {
  @ApiProperty({ enum: WEEKDAYS, example: 'mon' })
  day: Weekday;

  @ApiProperty({ example: '09:30', description: 'H:i, a wall time in the queue\'s time zone' })
  time: string;
}

@ApiSchema({ name: 'PostingQueue' })
export class PostingQueueDoc {
  @ApiProperty({ example: 'Europe/Paris', default: 'UTC', description: 'IANA time zone of the slots' })
  timezone: string;

  @ApiProperty({
    type: [QueueSlotDoc],
    maxItems: PostingQueueLimits.slots,
    description:
      'weekly time slots, in week order (Monday first), then by time; a day and time given twice is kept once. ' +
      'On a day the clocks skip a slot\'s time, the slot is the moment they jump to; when they show it twice, the first time.',
  })
  slots: QueueSlotDoc[];
}
