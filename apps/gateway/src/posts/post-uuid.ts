import { applyDecorators } from '@nestjs/common';
import { PostRuleMessages } from '@app/domain';
import { notFound } from '../http/api-error';
import { ApiErrorResponses } from '../http/openapi/api-error-responses';
import { ApiUuidParam } from '../http/openapi/path-params';
import { isUuid } from '../http/route-params';

/** A post uuid from the path; anything that is not a uuid names no post. */
export function postUuidFromPath(value: string): string {
  if (!isUuid(value)) throw notFound(PostRuleMessages.PostNotFound);
  return value.toLowerCase();
}

/** Documents the `{postUuid}` of a route and its 404. */
export const ApiPostUuidParam = (): MethodDecorator =>
  applyDecorators(
    ApiUuidParam('postUuid', 'a post of the workspace'),
    ApiErrorResponses({ 404: `No post of the workspace has this uuid, or it was deleted: "${PostRuleMessages.PostNotFound}"` }),
  );
