import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { toDate } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';
import type { StuckPostView } from './pipeline-view';

const STUCK_POSTS_SHOWN = 20;

/** Why a post in flight is shown as stuck. */
export const StuckReasons = {
  late: 'Due, and its publishing has not started.',
  publishing: 'Publishing, with results missing for longer than PUBLISHING_STUCK_AFTER_MS.',
} as const;

/** A kind of post in flight, and the time it is measured from. */
interface InFlight {
  status: StuckPostView['status'];
  column: 'due_at' | 'changed_at';
}
const SCHEDULED: InFlight = { status: 'scheduled', column: 'due_at' };
const PUBLISHING: InFlight = { status: 'publishing', column: 'changed_at' };

/** A bound on the kind's time: at or before (`<=`), or before (`<`), an instant. */
type TimeBound = { operator: '<=' | '<'; at: Date };

/**
 * The posts between their due time and their result, as the gateway's read model shows them:
 * scheduled posts whose time has come, and posts publishing. Each read uses a partial index of
 * its status (migration 016), so it costs the posts in flight, not the posts kept.
 */
@Injectable()
export class PostsInFlight {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  async due(now: Date): Promise<{ due: number; oldestDueAt: Date | null }> {
    const { count, oldest } = await this.countAndOldest(SCHEDULED, { operator: '<=', at: now });
    return { due: count, oldestDueAt: oldest };
  }

  async publishing(): Promise<{ inProgress: number; oldestSince: Date | null }> {
    const { count, oldest } = await this.countAndOldest(PUBLISHING);
    return { inProgress: count, oldestSince: oldest };
  }

  /** The oldest posts due longer than `lateAfterMs` ago, and publishing longer than `stuckAfterMs`, at most 20 of each. */
  async stuck(now: Date, lateAfterMs: number, stuckAfterMs: number): Promise<StuckPostView[]> {
    const [late, publishing] = await Promise.all([
      this.heldSince(SCHEDULED, new Date(now.getTime() - lateAfterMs), StuckReasons.late),
      this.heldSince(PUBLISHING, new Date(now.getTime() - stuckAfterMs), StuckReasons.publishing),
    ]);
    return [...late, ...publishing];
  }

  /** The posts of the kind (within the bound on its time, when given). */
  private ofKind({ status, column }: InFlight, bound?: TimeBound) {
    return this.database.db
      .selectFrom('posts')
      .where('status', '=', sql.lit(status))
      .where('deleted', '=', sql.lit(false))
      .$if(bound !== undefined, (query) => query.where(column, bound!.operator, bound!.at));
  }

  private async countAndOldest(kind: InFlight, bound?: TimeBound): Promise<{ count: number; oldest: Date | null }> {
    const row = await this.ofKind(kind, bound)
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min(kind.column).as('oldest')])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: toDate(row.oldest) };
  }

  /** The posts of the kind whose time is before `before`, oldest first. */
  private async heldSince(kind: InFlight, before: Date, reason: string): Promise<StuckPostView[]> {
    const rows = await this.ofKind(kind, { operator: '<', at: before })
      .select(['uuid', 'workspace_uuid', `${kind.column} as since`])
      .orderBy(kind.column)
      .limit(STUCK_POSTS_SHOWN)
      .execute();
    return rows.map((row) => ({ uuid: row.uuid, workspace_uuid: row.workspace_uuid, status: kind.status, since: toDate(row.since)!.toISOString(), reason }));
  }
}
