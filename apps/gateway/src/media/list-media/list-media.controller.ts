import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '@app/config';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ListOf } from '../../http/openapi/list-of';
import { MediaDoc } from '../media.doc';
import { MediaLibrary, MediaView } from '../media-library';
import { mediaViewOf } from '../media-url';

@Controller(':workspaceUuid/media')
@WorkspaceRoute('media')
export class ListMediaController {
  constructor(
    private readonly library: MediaLibrary,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List a workspace\'s media' })
  @ApiOkResponse({ type: ListOf(MediaDoc), description: 'the workspace’s media, newest first' })
  async list(@CurrentMembership() { workspaceUuid }: Membership): Promise<{ data: MediaView[] }> {
    return { data: (await this.library.list(workspaceUuid)).map((media) => mediaViewOf(this.config, workspaceUuid, media)) };
  }
}
