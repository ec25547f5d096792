import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { PostView } from '@app/contracts';
import { PostRuleMessages } from '@app/domain';
import type { GatewayRequest } from '../auth/authenticated-user';
import { badRequest } from '../http/api-error';
import { ApiErrorResponses } from '../http/openapi/api-error-responses';

/** The Post resource of the API: the post, and the revision it is at, which its `ETag` names too. */
export type PostResource = PostView & { revision: number };

export const withRevision = (post: PostView, revision: number): PostResource => ({ ...post, revision });

/** The `ETag` of a post at a revision: the revision, quoted (`"3"`). */
export const etagOf = (revision: number): string => `"${revision}"`;

/** What the `ETag` response header of a route that answers a post says, for the OpenAPI document. */
export const POST_ETAG_HEADER = {
  ETag: { description: 'the post\'s revision, quoted (`"3"`): send it back in `If-Match` to change the post only if nobody changed it since', schema: { type: 'string' } },
};

export const IF_MATCH_MALFORMED = 'The If-Match header must be "*" or a list of entity tags, such as "3".';

/** One element of an `If-Match` list (RFC 9110): an entity tag, weak or not, then a comma or the end. */
const LIST_ELEMENT = /\s*(?:(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*)?(,|$)/y;
const REVISION = /^(?:0|[1-9]\d{0,14})$/;

/**
 * The revisions an `If-Match` header names, for the post-service to check the post against when
 * it appends the change: undefined without the header or with `*` (any revision of a post that
 * exists); `"3"` and `W/"3"` name revision 3 (a revision is one state of the post, however it
 * was sent); a tag that is no revision names none, so it never matches (412). A header that is not
 * `*` or a list of entity tags is a 400.
 */
export function revisionsOfIfMatch(header: string | string[] | undefined): number[] | undefined {
  if (header === undefined) return undefined;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return undefined;
  const revisions: number[] = [];
  let tags = 0;
  LIST_ELEMENT.lastIndex = 0;
  while (LIST_ELEMENT.lastIndex < value.length) {
    const match = LIST_ELEMENT.exec(value);
    if (!match) throw badRequest(IF_MATCH_MALFORMED);
    const [, tag, separator] = match;
    if (tag !== undefined) {
      tags += 1;
      if (REVISION.test(tag)) revisions.push(Number(tag));
    }
    if (separator === '') break;
  }
  if (tags === 0) throw badRequest(IF_MATCH_MALFORMED);
  return revisions;
}

/** The revisions the caller read the post at, from its `If-Match` header (see revisionsOfIfMatch). */
export const ReadAtRevisions = createParamDecorator((_: unknown, context: ExecutionContext): number[] | undefined =>
  revisionsOfIfMatch(context.switchToHttp().getRequest<GatewayRequest>().headers['if-match']),
);

/** Documents a route's `If-Match` and its 412 (and the 400 of a malformed header). */
export const ApiIfMatch = (): MethodDecorator =>
  applyDecorators(
    ApiHeader({
      name: 'If-Match',
      required: false,
      description: 'The post\'s `ETag` as it was read (`"3"`; `W/"3"` too), a list of them, or `*`: the change is made only if the post is still at that revision, else 412. The dashboard sends it.',
    }),
    ApiErrorResponses({
      400: `The If-Match header is malformed: "${IF_MATCH_MALFORMED}"`,
      412: `The post was changed since the revision in If-Match: "${PostRuleMessages.PostChanged}"`,
    }),
  );
