import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { POST_EVENT_NAMES, PostEventName } from '@app/contracts';

@ApiSchema({ name: 'PostHistoryEntry' })
class PostHistoryEntryDoc {
  @ApiProperty({ enum: POST_EVENT_NAMES, enumName: 'PostEventName', example: 'post.scheduled', description: 'what happened, as `post-events` names it' })
  type: PostEventName;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T09:00:00.000Z' })
  at: string;

  @ApiProperty({ type: 'integer', example: 1, description: "the post's revision after it (0 for post.created)" })
  revision: number;

  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'the account post.account_published and post.account_failed are about' })
  account_id: number | null;
}

@ApiSchema({ name: 'PostHistory' })
export class PostHistoryDoc {
  @ApiProperty({ type: [PostHistoryEntryDoc], description: 'oldest first' })
  data: PostHistoryEntryDoc[];
}
