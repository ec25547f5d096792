import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { CurrentMembership, GatewayRequest, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { ListOf } from '../../http/openapi/list-of';
import { MediaDoc } from '../media.doc';
import { MediaLibrary, MediaView } from '../media-library';
import { mediaViewOf } from '../media-url';

@Controller(':workspaceUuid/media')
@WorkspaceRoute('media')
export class ListMediaController {
  constructor(private readonly library: MediaLibrary) {}

  @Get()
  @ApiOkResponse({ type: ListOf(MediaDoc), description: 'the workspace’s media, newest first' })
  async list(@CurrentMembership() { workspaceUuid }: Membership, @Req() request: GatewayRequest): Promise<{ data: MediaView[] }> {
    return { data: (await this.library.list(workspaceUuid)).map((media) => mediaViewOf(request, workspaceUuid, media)) };
  }
}
