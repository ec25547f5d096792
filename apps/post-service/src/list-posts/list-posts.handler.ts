import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { PostPage } from '@app/contracts';
import { PostsReadModel } from '../read-model/posts-read-model';
import { ListPostsQuery } from './list-posts.query';

@QueryHandler(ListPostsQuery)
export class ListPostsHandler implements IQueryHandler<ListPostsQuery, PostPage> {
  constructor(private readonly readModel: PostsReadModel) {}

  execute({ request }: ListPostsQuery): Promise<PostPage> {
    return this.readModel.list(request);
  }
}
