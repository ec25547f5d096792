import { ApiExtraModels, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import type { PostAccountItemView, PostAccountStatus, PostAccountView, PostStatus, PostVersionView } from '@app/contracts';
import { POST_ACCOUNT_STATUSES, POST_STATUSES } from '@app/contracts';
import { PostContentDoc, RecyclePlanDoc } from './post-body/post-body.doc';
import type { PostActions } from '@app/domain';
import type { PostResource } from './post-revision';

/* OpenAPI description of the Post resource; `implements` keeps it in step with PostView and its revision. */

@ApiSchema({ name: 'PostVersion' })
export class PostVersionDoc implements PostVersionView {
  @ApiProperty({ type: 'integer', example: 0, description: '0 for the original; otherwise the account this version is written for' })
  account_id: number;

  @ApiProperty({ example: true })
  is_original: boolean;

  @ApiProperty({ type: [PostContentDoc] })
  content: PostContentDoc[];

  @ApiProperty({ type: 'object', additionalProperties: true, example: {} })
  options: Record<string, unknown>;
}

@ApiSchema({ name: 'PostAccountItem' })
class PostAccountItemDoc implements PostAccountItemView {
  @ApiProperty({ example: 'sbx_3f2a9c', description: 'the id of the content item on the platform' })
  external_id: string;

  @ApiProperty({ type: String, nullable: true, example: 'https://sandbox.invalid/posts/sbx_3f2a9c' })
  external_url: string | null;
}

@ApiSchema({ name: 'PostAccount' })
@ApiExtraModels(PostAccountItemDoc)
class PostAccountDoc implements PostAccountView {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ example: 'sandbox' })
  provider: string;

  @ApiProperty({ example: 'Acme on Sandbox' })
  name: string;

  @ApiProperty({ type: String, nullable: true, example: 'acme' })
  username: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'the publication on the platform (its first content item), once every content item is published there' })
  external_url: string | null;

  @ApiProperty({ type: [String], example: [], description: 'messages of the last publish attempt on this account' })
  errors: string[];

  @ApiProperty({
    enum: POST_ACCOUNT_STATUSES,
    enumName: 'PostAccountStatus',
    example: 'pending',
    description: 'pending (not yet attempted in the current publishing round), published or failed; a retry publishes again to the failed ones',
  })
  status: PostAccountStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null, description: 'when the post was published on this account; null unless status is published' })
  published_at: string | null;

  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(PostAccountItemDoc) }], nullable: true },
    example: [null],
    description: 'one entry per content item of the version this account publishes, in order: the item on the platform once it is published there, else null (a thread or a first comment)',
  })
  items: (PostAccountItemDoc | null)[];
}

export class PostActionsDoc implements PostActions {
  @ApiProperty({ description: '`PUT` of the post' }) edit: boolean;
  @ApiProperty({ description: '`DELETE` of the post' }) delete: boolean;
  @ApiProperty({ description: '`POST .../approve`' }) approve: boolean;
  @ApiProperty({ description: '`POST .../retry` of the failed accounts' }) retry: boolean;
  @ApiProperty({ description: 'a `PUT` of only its time (a move on the calendar)' }) move: boolean;
}

@ApiSchema({ name: 'Post' })
export class PostDoc implements PostResource {
  @ApiProperty({ format: 'uuid' })
  uuid: string;

  @ApiProperty({ enum: POST_STATUSES, enumName: 'PostStatus', example: 'scheduled' })
  status: PostStatus;

  @ApiProperty({ type: [PostVersionDoc] })
  versions: PostVersionDoc[];

  @ApiProperty({ type: [PostAccountDoc] })
  accounts: PostAccountDoc[];

  @ApiProperty({ type: [String], example: ['launch'] })
  tags: string[];

  @ApiProperty({ type: RecyclePlanDoc, nullable: true, example: null, description: 'how often the post is published again once it is published; null: never' })
  recycle: RecyclePlanDoc | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    example: null,
    description: 'the uuid of the first post this one is a copy of (a copy made by recycle); null for a post of its own',
  })
  recycled_from: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-11-22T08:30:00.000Z',
    description: 'when the post is due; a draft shows the time it keeps for later (it is not due then)',
  })
  scheduled_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  published_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;

  @ApiProperty({
    type: 'integer',
    example: 3,
    description: 'the post\'s revision, which grows with each change (from 0): its `ETag` is this number, quoted; send that in `If-Match` to change the post only if nobody changed it since',
  })
  revision: number;

  @ApiProperty({ type: PostActionsDoc, description: 'what the caller may do to the post now, for their role and `can_approve` (each true exactly when that request would succeed)' })
  actions: PostActionsDoc;
}

