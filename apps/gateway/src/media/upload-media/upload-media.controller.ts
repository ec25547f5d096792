import { Controller, HttpCode, Inject, Logger, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { detectMedia, MEDIA_EXTENSIONS, MEDIA_STORE, MediaStore } from '@app/media-store';
import { CurrentMembership, GatewayRequest, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { validationFailed } from '../../http/api-error';
import { ApiErrorResponses } from '../../http/openapi/api-error-responses';
import { Idempotent } from '../../idempotency/idempotent.decorator';
import { MediaDoc, MediaUploadDoc } from '../media.doc';
import { MediaLibrary, MediaView } from '../media-library';
import { mediaViewOf } from '../media-url';
import { MediaUploadMessages, MediaUploadReader, uploadOf } from './media-upload.reader';

export const unsupportedFile = `The file field must be a file of type: ${MEDIA_EXTENSIONS.join(', ')}.`;

/** Uploads a media file: its format and size are read from its bytes, the bytes go to the media store. */
@Controller(':workspaceUuid/media')
@WorkspaceRoute('media')
export class UploadMediaController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly library: MediaLibrary,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  @Post()
  @HttpCode(201)
  @Idempotent()
  @UseInterceptors(MediaUploadReader)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: MediaUploadDoc })
  @ApiCreatedResponse({ type: MediaDoc })
  @ApiErrorResponses({
    400: `The multipart body is malformed: "${MediaUploadMessages.unreadable}"`,
    413: 'The file is over MEDIA_MAX_BYTES (default 50 MB): "The file must not be greater than <MEDIA_MAX_BYTES> bytes."',
    422: `No \`file\` part ("${MediaUploadMessages.fileRequired}"), or its bytes are none of PNG, JPEG, GIF, WebP, MP4 ("${unsupportedFile}"), under \`file\`.`,
  })
  async upload(@CurrentMembership() { workspaceUuid }: Membership, @Req() request: GatewayRequest): Promise<MediaView> {
    const { bytes } = uploadOf(request);
    const detected = detectMedia(bytes);
    if (!detected) throw validationFailed({ file: [unsupportedFile] });
    const id = randomUUID();
    // The bytes first: a record always has its bytes (a failure in between leaves bytes no record names).
    await this.store.put({ id, ...detected, bytes });
    const record = await this.library.add(workspaceUuid, { id, mime_type: detected.mimeType, size: bytes.length, width: detected.width, height: detected.height });
    this.logger.log(`Media ${id} (${detected.mimeType}, ${bytes.length} bytes) uploaded to workspace ${workspaceUuid}`);
    return mediaViewOf(request, workspaceUuid, record);
  }
}

