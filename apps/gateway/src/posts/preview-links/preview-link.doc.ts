import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PostStatus } from '@app/contracts';
import { POST_STATUSES } from '@app/contracts';
import { PostVersionDoc } from '../post.doc';
import { ReviewNoteDoc } from '../review-notes/review-note.doc';
import type { ReviewNote } from '../review-notes/review-notes';
import type { MadePreviewLink, PreviewLinkView } from './preview-links';
import type { PreviewAccount, PreviewedPost, PostPreview, PreviewRendering } from './post-preview';
import { PlatformDoc } from '../../platforms/platform.doc';

@ApiSchema({ name: 'PreviewLink' })
export class PreviewLinkDoc implements PreviewLinkView {
  @ApiProperty({ type: 'integer', example: 3 }) id: number;
  @ApiProperty({ format: 'date-time', description: 'when the link stops working (in the past: it has expired)' }) expires_at: string;
  @ApiProperty({ description: 'whether a reviewer through the link may approve the post' }) can_approve: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

@ApiSchema({ name: 'MadePreviewLink' })
export class MadePreviewLinkDoc implements MadePreviewLink {
  @ApiProperty({ type: 'integer', example: 3 }) id: number;
  @ApiProperty({ format: 'uri', example: 'https://social.example.com/p/1mJ0YbV0b4bqvYgk3oQ5y8r8cQkq2Yx9l3uQW6dE7aA', description: 'the page to send to the reviewer: shown this once (its token is stored hashed)' })
  url: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty() can_approve: boolean;
}

@ApiSchema({ name: 'PreviewAccount' })
class PreviewAccountDoc implements PreviewAccount {
  @ApiProperty({ example: 'mastodon' }) provider: string;
  @ApiProperty({ example: 'Acme on Mastodon' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: 'acme' }) username: string | null;
}

@ApiSchema({ name: 'PreviewedPost' })
class PreviewedPostDoc implements PreviewedPost {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty({ enum: POST_STATUSES, enumName: 'PostStatus' }) status: PostStatus;
  @ApiProperty({ type: [PostVersionDoc] }) versions: PostVersionDoc[];
  @ApiProperty({ type: [PreviewAccountDoc] }) accounts: PreviewAccountDoc[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) scheduled_at: string | null;
}

@ApiSchema({ name: 'PostPreview' })
export class PostPreviewDoc implements PostPreview {
  @ApiProperty({ type: PreviewedPostDoc }) post: PreviewedPostDoc;
  @ApiProperty({ type: [ReviewNoteDoc], description: 'the post’s review notes, oldest first' }) notes: ReviewNote[];
  @ApiProperty({ description: 'whether the link lets its reviewer approve the post' }) can_approve: boolean;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
}

@ApiSchema({ name: 'PreviewRendering' })
export class PreviewRenderingDoc implements PreviewRendering {
  @ApiProperty({ type: [PlatformDoc], description: 'the descriptions of the post’s platforms, as `GET /api/platforms` gives them' }) data: PlatformDoc[];
  @ApiProperty({ type: 'array', items: { type: 'integer' }, description: 'for each account of the preview, in its order, the index in `post.versions` of the version it publishes' })
  account_versions: number[];
}
