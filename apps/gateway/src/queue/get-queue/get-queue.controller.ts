import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { PostingQueue } from '@app/domain';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { PostingQueueDoc } from '../posting-queue.doc';
import { PostingQueues } from '../posting-queues';

/** The workspace's posting queue, for every member. */
@Controller(':workspaceUuid/queue')
@WorkspaceRoute('queue')
export class GetQueueController {
  constructor(private readonly queues: PostingQueues) {}

  @Get()
  @ApiOperation({ summary: 'Get the workspace\'s posting queue' })
  @ApiOkResponse({ type: PostingQueueDoc, description: 'the queue; `{"timezone":"UTC","slots":[]}` for a workspace that never set one' })
  get(@CurrentMembership() { workspaceUuid }: Membership): Promise<PostingQueue> {
    return this.queues.of(workspaceUuid);
  }
}
