import { Query } from '@nestjs/cqrs';
import { Messages, PostPage, ServiceError } from '@app/contracts';
import type { PostStatus } from '@app/domain';
import { PostsQuery } from '../read-model/posts-read-model';
import { fieldsOf, positiveInteger, text } from '../rpc/rpc-payload';

export class ListPostsQuery extends Query<PostPage> {
  constructor(readonly request: PostsQuery) {
    super();
  }
}

const STATUSES = ['draft', 'needs_approval', 'scheduled', 'publishing', 'published', 'failed'] as const satisfies readonly PostStatus[];
const DEFAULT_LIMIT = 15;
const MAX_LIMIT = 100;

export function parseListPostsRequest(payload: unknown): PostsQuery {
  const fields = fieldsOf(payload);
  const status = fields.status === undefined || fields.status === '' ? null : fields.status;
  if (status !== null && !(STATUSES as readonly unknown[]).includes(status)) {
    throw new ServiceError('validation', Messages.validation, { status: ['The selected status is invalid.'] });
  }
  return {
    workspaceUuid: text(fields, 'workspaceUuid'),
    status: status as PostStatus | null,
    page: positiveInteger(fields, 'page', 1),
    limit: Math.min(positiveInteger(fields, 'limit', DEFAULT_LIMIT), MAX_LIMIT),
  };
}
