import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PostCounts } from '@app/contracts';

const count = (status: string, example: number) => ApiProperty({ type: 'integer', minimum: 0, example, description: `posts in ${status}` });

@ApiSchema({ name: 'PostCounts', description: 'How many posts of the workspace are in each status; deleted posts are not counted, and every status is present.' })
export class PostCountsDoc implements PostCounts {
  @count('draft', 4)
  draft: number;

  @count('scheduled', 3)
  scheduled: number;

  @count('needs_approval', 1)
  needs_approval: number;

  @count('publishing', 0)
  publishing: number;

  @count('published', 12)
  published: number;

  @count('failed', 1)
  failed: number;
}
