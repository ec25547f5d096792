import { Inject, Injectable } from '@nestjs/common';
import { EMPTY_POSTING_QUEUE, PostingQueue, QueueSlot } from '@app/domain';
import { GATEWAY_DATABASE, GatewayDatabase } from '../gateway-migrations';

/** The workspaces' posting queues (schema `gateway`): weekly slots that `"queue": true` posts fill. */
@Injectable()
export class PostingQueues {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  /** The workspace's queue; UTC without slots when it never set one. */
  async of(workspaceUuid: string): Promise<PostingQueue> {
    const row = await this.database.db
      .selectFrom('posting_queues')
      .select(['timezone', 'slots'])
      .where('workspace_uuid', '=', workspaceUuid)
      .executeTakeFirst();
    if (!row) return { ...EMPTY_POSTING_QUEUE, slots: [] };
    return { timezone: row.timezone, slots: this.database.dialect.readJson<QueueSlot[]>(row.slots) };
  }

  /** Replaces the workspace's queue (already checked by readPostingQueue). */
  async set(workspaceUuid: string, queue: PostingQueue): Promise<PostingQueue> {
    const { db, dialect } = this.database;
    const values = { timezone: queue.timezone, slots: dialect.json(queue.slots), updated_at: new Date() };
    await db
      .insertInto('posting_queues')
      .values({ workspace_uuid: workspaceUuid, ...values })
      .onConflict((conflict) => conflict.column('workspace_uuid').doUpdateSet(values))
      .execute();
    return queue;
  }
}
