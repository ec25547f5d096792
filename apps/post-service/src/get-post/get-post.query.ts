import { Query } from '@nestjs/cqrs';
import type { PostRef, PostView } from '@app/contracts';

export class GetPostQuery extends Query<PostView> {
  constructor(readonly request: PostRef) {
    super();
  }
}
