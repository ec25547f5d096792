import { Controller, Get, Inject, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MEDIA_STORE, MediaStore } from '@app/media-store';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { notFound } from '../../http/api-error';
import { ApiErrorResponses } from '../../http/openapi/api-error-responses';
import { MediaRecordStore } from '../media-record-store';
import { ApiMediaIdParam, MEDIA_NOT_FOUND, mediaIdFromPath } from '../media-id';

const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'video/mp4'];

/** The bytes of a media file (its `url`), to members of its workspace, streamed from the media store. */
@Controller(':workspaceUuid/media/:id/file')
@WorkspaceRoute('media')
export class GetMediaFileController {
  constructor(
    private readonly mediaRecords: MediaRecordStore,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Download a media file' })
  @ApiMediaIdParam()
  @ApiOkResponse({
    description: 'the file as uploaded, with its detected Content-Type',
    content: Object.fromEntries(MEDIA_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiErrorResponses({ 404: `No media of the workspace has this id: "${MEDIA_NOT_FOUND}"` })
  async file(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') idText: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const id = mediaIdFromPath(idText);
    const media = await this.mediaRecords.find(workspaceUuid, id);
    const opened = media ? await this.store.open(id) : null;
    if (!media || !opened) throw notFound(MEDIA_NOT_FOUND);
    void reply
      .header('content-type', media.mime_type)
      .header('content-length', String(opened.media.size))
      // What was detected is what is served: never sniffed as something else, never cached by a shared cache.
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=3600');
    // Streamed from the store as the client reads it; a client that goes away stops the reading.
    return new StreamableFile(opened.stream);
  }
}
