import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { MediaView } from './media-record-store';

/* OpenAPI description of the Media resource and of its upload. */

@ApiSchema({ name: 'Media' })
export class MediaDoc implements MediaView {
  @ApiProperty({ format: 'uuid', description: 'what a version’s `content[].media` names' })
  id: string;

  @ApiProperty({ enum: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4'], description: 'detected from the file’s bytes, not from the Content-Type the client sent' })
  mime_type: string;

  @ApiProperty({ type: 'integer', description: 'bytes', example: 48213 })
  size: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'pixels, read from the file’s header; null for MP4', example: 1200 })
  width: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'pixels, read from the file’s header; null for MP4', example: 800 })
  height: number | null;

  @ApiProperty({
    format: 'uri-reference',
    description: 'the bytes, served to members of the workspace (same authentication as the API): under PUBLIC_URL when it is set, else the path alone (`/api/...`, on the address the API is reached at)',
  })
  url: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({
    type: [String],
    format: 'uuid',
    description:
      'the posts whose versions name the file, drafts and published ones included (deleted ones never), as the post events tell it: a post just saved shows here within moments. A post that is scheduled, waiting for approval or being published keeps the file from being deleted (409). Always empty in the upload’s answer',
  })
  used_by: string[];

  @ApiProperty({
    description:
      'false while a post that is scheduled, waiting for approval or being published names the file (DELETE answers 409 then), as the post events tell it; true in the upload’s answer',
  })
  deletable: boolean;
}

@ApiSchema({ name: 'MediaUpload' })
export class MediaUploadDoc {
  @ApiProperty({ type: 'string', format: 'binary', description: 'PNG, JPEG, GIF, WebP or MP4, at most MEDIA_MAX_BYTES (default 50 MB)' })
  file: unknown;
}
