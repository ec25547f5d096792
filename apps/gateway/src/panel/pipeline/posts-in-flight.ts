import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { toDate } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';
import type { StuckPostView } from './pipeline-view';

const STUCK_POSTS_SHOWN = 20;

/**
 * The posts between their due time and their result, as the gateway's read model shows them:
 * scheduled posts whose time has come, and posts publishing. Each read uses a partial index of
 * its status (migration 016), so it costs the posts in flight, not the posts kept.
 */
@Injectable()
export class PostsInFlight {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  async due(now: Date): Promise<{ due: number; oldestDueAt: Date | null }> {
    const row = await this.database.db
      .selectFrom('posts')
      .where('status', '=', sql.lit('scheduled'))
      .where('deleted', '=', sql.lit(false))
      .where('due_at', '<=', now)
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('due_at').as('oldest')])
      .executeTakeFirstOrThrow();
    return { due: Number(row.count), oldestDueAt: toDate(row.oldest) };
  }

  async publishing(): Promise<{ inProgress: number; oldestSince: Date | null }> {
    const row = await this.database.db
      .selectFrom('posts')
      .where('status', '=', sql.lit('publishing'))
      .where('deleted', '=', sql.lit(false))
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('changed_at').as('oldest')])
      .executeTakeFirstOrThrow();
    return { inProgress: Number(row.count), oldestSince: toDate(row.oldest) };
  }

  /** The oldest posts due longer than `lateAfterMs` ago, and publishing longer than `stuckAfterMs`, at most 20 of each. */
  async stuck(now: Date, lateAfterMs: number, stuckAfterMs: number): Promise<StuckPostView[]> {
    const [late, publishing] = await Promise.all([
      this.heldSince('scheduled', 'due_at', new Date(now.getTime() - lateAfterMs), 'Due, and its publishing has not started.'),
      this.heldSince('publishing', 'changed_at', new Date(now.getTime() - stuckAfterMs), 'Publishing, with results missing for longer than PUBLISHING_STUCK_AFTER_MS.'),
    ]);
    return [...late, ...publishing];
  }

  /** The posts of `status` whose `column` is before `before`, oldest first. */
  private async heldSince(status: StuckPostView['status'], column: 'due_at' | 'changed_at', before: Date, reason: string): Promise<StuckPostView[]> {
    const rows = await this.database.db
      .selectFrom('posts')
      .select(['uuid', 'workspace_uuid', `${column} as since`])
      .where('status', '=', sql.lit(status))
      .where('deleted', '=', sql.lit(false))
      .where(column, '<', before)
      .orderBy(column)
      .limit(STUCK_POSTS_SHOWN)
      .execute();
    return rows.map((row) => ({ uuid: row.uuid, workspace_uuid: row.workspace_uuid, status, since: toDate(row.since)!.toISOString(), reason }));
  }
}
