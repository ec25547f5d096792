import { Controller, HttpCode, Inject, Logger, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '@app/config';
import { detectMedia, MEDIA_EXTENSIONS, MEDIA_STORE, MediaStore, mp4DurationSeconds } from '@app/media-store';
import { CurrentMembership, GatewayRequest, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { validationFailed } from '../../http/api-error';
import { ApiErrorResponses } from '../../http/openapi/api-error-responses';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { MediaDoc, MediaUploadDoc } from '../media.doc';
import { MediaRecordStore, MediaView } from '../media-record-store';
import { mediaViewOf } from '../media-url';
import { MediaUploadMessages, MediaUploadReader, uploadOf } from './media-upload.reader';

export const unsupportedFile = `The file field must be a file of type: ${MEDIA_EXTENSIONS.join(', ')}.`;

/** Uploads a media file: its format and size are read from its first bytes, the file goes to the media store. */
@Controller(':workspaceUuid/media')
@WorkspaceRoute('media')
export class UploadMediaController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly mediaRecords: MediaRecordStore,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Upload an image or a video' })
  @HttpCode(201)
  @Idempotent()
  @UseInterceptors(MediaUploadReader)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: MediaUploadDoc, examples: { example: { summary: 'the file part carries the bytes of the file', value: { file: '(the bytes of a PNG, JPEG, GIF, WebP or MP4 file)' } } } })
  @ApiCreatedResponse({ type: MediaDoc })
  @ApiErrorResponses({
    400: `The multipart body is malformed: "${MediaUploadMessages.unreadable}"`,
    413: 'The file is over MEDIA_MAX_BYTES (default 50 MB): "The file must not be greater than <MEDIA_MAX_BYTES> bytes."',
    429: `MEDIA_UPLOADS_MAX_CONCURRENT uploads (default 4) are already being received by this process, or half of them from the caller: "${MediaUploadMessages.tooManyUploads}", with Retry-After`,
    422: `No \`file\` part ("${MediaUploadMessages.fileRequired}"), or its bytes are none of PNG, JPEG, GIF, WebP, MP4 ("${unsupportedFile}"), under \`file\`.`,
  })
  async upload(@CurrentMembership() { workspaceUuid }: Membership, @Req() request: GatewayRequest): Promise<MediaView> {
    const { file, size, head } = uploadOf(request);
    const detected = detectMedia(head);
    if (!detected) throw validationFailed({ file: [unsupportedFile] });
    const id = randomUUID();
    // Read before the file moves into the store: platforms limit the length of videos.
    const durationSeconds = detected.mimeType === 'video/mp4' ? await mp4DurationSeconds(file) : null;
    // The bytes first: a record always has its bytes (a failure in between leaves bytes no record names).
    await this.store.putFile({ id, ...detected }, file);
    const record = await this.mediaRecords.add(workspaceUuid, { id, mime_type: detected.mimeType, size, width: detected.width, height: detected.height }, durationSeconds);
    this.logger.log(`Media ${id} (${detected.mimeType}, ${size} bytes) uploaded to workspace ${workspaceUuid}`);
    return mediaViewOf(this.config, workspaceUuid, record);
  }
}
