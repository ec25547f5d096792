import { Controller, Delete, HttpCode, Inject, Logger, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { MEDIA_STORE, MediaStore } from '@app/media-store';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ApiError, notFound } from '../../http/api-error';
import { ApiErrorResponses } from '../../http/openapi/api-error-responses';
import { MediaRecordStore } from '../media-record-store';
import { ApiMediaIdParam, MEDIA_NOT_FOUND, mediaIdFromPath } from '../media-id';

export const MEDIA_IN_USE = 'The media is used by a scheduled post.';

/** Deletes a media file, unless a scheduled post (or one waiting for approval, or being published) uses it. */
@Controller(':workspaceUuid/media/:id')
@WorkspaceRoute('media')
export class DeleteMediaController {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly mediaRecords: MediaRecordStore,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  @Delete()
  @ApiOperation({ summary: 'Delete a media file no scheduled post uses' })
  @HttpCode(204)
  @ApiMediaIdParam()
  @ApiNoContentResponse({ description: 'deleted: gone from the listing, its url answers 404' })
  @ApiErrorResponses({
    404: `No media of the workspace has this id: "${MEDIA_NOT_FOUND}"`,
    409: `A post that is scheduled, waiting for approval or being published names it: "${MEDIA_IN_USE}" (it may be deleted once that post is published, failed, deleted or edited without it)`,
  })
  async delete(@CurrentMembership() { workspaceUuid }: Membership, @Param('id') idText: string): Promise<void> {
    const id = mediaIdFromPath(idText);
    if (!(await this.mediaRecords.find(workspaceUuid, id))) throw notFound(MEDIA_NOT_FOUND);
    if (!(await this.mediaRecords.removeUnlessScheduled(workspaceUuid, id))) throw new ApiError(409, MEDIA_IN_USE);
    await this.store.delete(id);
    this.logger.log(`Media ${id} deleted from workspace ${workspaceUuid}`);
  }
}

