import { Body, Controller, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PostingQueue, readPostingQueue } from '@app/domain';
import { CurrentMembership, Membership } from '../../auth/authenticated-user';
import { WorkspaceRoute } from '../../auth/route-access';
import { validationFailed } from '../../http/api-error';
import { ApiErrorResponses, ApiJsonBody, Failures } from '../../http/openapi/api-error-responses';
import { WorkspaceAdminOnly } from '../../workspace/workspace-admin.guard';
import { PostingQueueDoc } from '../posting-queue.doc';
import { PostingQueues } from '../posting-queues';

/** Replaces the workspace's posting queue; its admins only. Posts already queued keep their slots. */
@Controller(':workspaceUuid/queue')
@WorkspaceRoute('queue')
export class SetQueueController {
  constructor(private readonly queues: PostingQueues) {}

  @Put()
  @ApiOperation({ summary: 'Set the workspace\'s posting queue' })
  @WorkspaceAdminOnly()
  @ApiJsonBody(PostingQueueDoc, { timezone: 'Europe/Paris', slots: [{ day: 'mon', time: '09:00' }, { day: 'thu', time: '17:30' }] })
  @ApiOkResponse({ type: PostingQueueDoc, description: 'the queue as kept' })
  @ApiErrorResponses({ 422: Failures.validation })
  set(@CurrentMembership() { workspaceUuid }: Membership, @Body() body: unknown): Promise<PostingQueue> {
    const result = readPostingQueue(body);
    if (!result.ok) throw validationFailed(result.errors);
    return this.queues.set(workspaceUuid, result.queue);
  }
}
