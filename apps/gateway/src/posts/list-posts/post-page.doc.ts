import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PostPage } from '@app/contracts';
import { PostDoc } from '../post.doc';
import { DEFAULT_LIMIT } from './list-posts-query.dto';

@ApiSchema({ name: 'PageMeta' })
class PageMetaDoc {
  @ApiProperty({ type: 'integer', example: 1 })
  page: number;

  @ApiProperty({ type: 'integer', example: DEFAULT_LIMIT })
  limit: number;

  @ApiProperty({ type: 'integer', example: 1, description: 'posts matching the filter, on every page' })
  total: number;
}

@ApiSchema({ name: 'PostPage' })
export class PostPageDoc implements PostPage {
  @ApiProperty({ type: [PostDoc] })
  data: PostDoc[];

  @ApiProperty({ type: PageMetaDoc })
  meta: PageMetaDoc;
}
