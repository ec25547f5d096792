import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PostAccountView, PostView } from '@app/contracts';
import type { PostStatus, PostVersion } from '@app/domain';
import { POST_STATUSES } from '@app/contracts';
import { PostContentDoc } from './post-body/post-body.doc';

/* OpenAPI description of the Post resource; `implements` keeps it in step with PostView. */

@ApiSchema({ name: 'PostVersion' })
class PostVersionDoc implements PostVersion {
  @ApiProperty({ type: 'integer', example: 0, description: '0 for the original; otherwise the account this version is written for' })
  account_id: number;

  @ApiProperty({ example: true })
  is_original: boolean;

  @ApiProperty({ type: [PostContentDoc] })
  content: PostContentDoc[];

  @ApiProperty({ type: 'object', additionalProperties: true, example: {} })
  options: Record<string, unknown>;
}

@ApiSchema({ name: 'PostAccount' })
class PostAccountDoc implements PostAccountView {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ example: 'sandbox' })
  provider: string;

  @ApiProperty({ example: 'Acme on Sandbox' })
  name: string;

  @ApiProperty({ type: String, nullable: true, example: 'acme' })
  username: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'the publication on the platform, once published there' })
  external_url: string | null;

  @ApiProperty({ type: [String], example: [], description: 'messages of the last publish attempt on this account' })
  errors: string[];
}

@ApiSchema({ name: 'Post' })
export class PostDoc implements PostView {
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

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: '2026-11-22T08:30:00.000Z' })
  scheduled_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  published_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}
