import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '@app/config';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ListOf } from '../../http/openapi/list-of';
import { MediaDoc } from '../media.doc';
import { MediaRecordStore, MediaView } from '../media-record-store';
import { mediaViewOf } from '../media-url';
import { MediaUses } from '../media-uses/media-uses';

@Controller(':workspaceUuid/media')
@WorkspaceRoute('media')
export class ListMediaController {
  constructor(
    private readonly mediaRecords: MediaRecordStore,
    private readonly uses: MediaUses,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List a workspace\'s media' })
  @ApiOkResponse({ type: ListOf(MediaDoc), description: 'the workspace’s media, newest first, each with the posts that use it (`used_by`) and whether it may be deleted now (`deletable`)' })
  async list(@CurrentMembership() { workspaceUuid }: Membership): Promise<{ data: MediaView[] }> {
    const media = await this.mediaRecords.list(workspaceUuid);
    const uses = await this.uses.usesOf(media.map((item) => item.id));
    return { data: media.map((item) => mediaViewOf(this.config, workspaceUuid, item, uses.get(item.id))) };
  }
}
