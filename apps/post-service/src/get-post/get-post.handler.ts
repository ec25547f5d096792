import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Messages, PostView, ServiceError } from '@app/contracts';
import { PostsReadModel } from '../read-model/posts-read-model';
import { GetPostQuery } from './get-post.query';

@QueryHandler(GetPostQuery)
export class GetPostHandler implements IQueryHandler<GetPostQuery, PostView> {
  constructor(private readonly readModel: PostsReadModel) {}

  async execute({ request }: GetPostQuery): Promise<PostView> {
    const post = await this.readModel.find(request.workspaceUuid, request.postUuid);
    if (post === null) throw new ServiceError('not_found', Messages.postNotFound);
    return post;
  }
}
