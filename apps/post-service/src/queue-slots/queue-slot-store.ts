import { Inject, Injectable } from '@nestjs/common';
import { PreparedQuery, toDate } from '@app/persistence';
import { POSTS_DATABASE, PostsDatabase } from '../post-service-schema';

/**
 * How long a reservation counts even though its post holds no such instant: the time a command
 * may take between reserving a slot and its post's events being appended and recorded. Past it,
 * a reservation whose post does not hold its instant (its command failed in a crash) is free.
 */
export const RESERVATION_GRACE_MS = 5 * 60_000;

/** What became of an attempt to reserve a slot: taken now, already this post's, or someone else's. */
export type ReserveOutcome = 'reserved' | 'already_ours' | 'taken';

/** What is recorded of a post: the instant it holds and the revision that said so (read on every post event: prepared). */
const recordedHold = new PreparedQuery(({ db }: PostsDatabase, p: { postUuid: string }) =>
  db.selectFrom('held_instants').select(['held_at', 'revision']).where('post_uuid', '=', p.postUuid),
);

/** Records the instant a post holds after its event of `revision` (run once the revision is known to be newer). */
const recordHeldInstant = new PreparedQuery(
  ({ db }: PostsDatabase, p: { postUuid: string; workspaceUuid: string; heldAt: Date | null; revision: number; updatedAt: Date }) =>
    db
      .insertInto('held_instants')
      .values({ post_uuid: p.postUuid, workspace_uuid: p.workspaceUuid, held_at: p.heldAt, revision: p.revision, updated_at: p.updatedAt })
      .onConflict((conflict) =>
        conflict.column('post_uuid').doUpdateSet((eb) => ({
          held_at: eb.ref('excluded.held_at'),
          revision: eb.ref('excluded.revision'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      ),
);

/** Records a post's first hold, unless a hold of it was recorded meanwhile (then no row comes back). */
const recordFirstHold = new PreparedQuery(
  ({ db }: PostsDatabase, p: { postUuid: string; workspaceUuid: string; heldAt: Date | null; revision: number; updatedAt: Date }) =>
    db
      .insertInto('held_instants')
      .values({ post_uuid: p.postUuid, workspace_uuid: p.workspaceUuid, held_at: p.heldAt, revision: p.revision, updated_at: p.updatedAt })
      .onConflict((conflict) => conflict.column('post_uuid').doNothing())
      .returning('post_uuid'),
);

/** Gives up a post's reservation of an instant. */
const releaseReservation = new PreparedQuery(({ db }: PostsDatabase, p: { workspaceUuid: string; slotAt: Date; postUuid: string }) =>
  db.deleteFrom('slot_reservations').where('workspace_uuid', '=', p.workspaceUuid).where('slot_at', '=', p.slotAt).where('post_uuid', '=', p.postUuid),
);

interface Holder {
  post_uuid: string;
  reserved_at: Date | string;
  held_at: Date | string | null;
}

/**
 * The queue's slot reservations and the instants posts hold (schema `posts`). A reservation is a
 * row keyed by workspace and instant, so two requests never get the same one; the instants posts
 * hold are recorded after each of their commands (and from `post-events`), with the revision they
 * come from, so that an older event never overwrites a newer one.
 */
@Injectable()
export class QueueSlotStore {
  constructor(@Inject(POSTS_DATABASE) private readonly database: PostsDatabase) {}

  /** The instants from `from` to `to` that posts other than `postUuid` hold or have reserved (epoch milliseconds). */
  async occupied(workspaceUuid: string, postUuid: string, from: Date, to: Date, now: Date): Promise<Set<number>> {
    const { db } = this.database;
    const held = await db
      .selectFrom('held_instants')
      .select('held_at')
      .where('workspace_uuid', '=', workspaceUuid)
      .where('held_at', '>=', from)
      .where('held_at', '<=', to)
      .where('post_uuid', '<>', postUuid)
      .execute();
    const reserved = await this.holders(workspaceUuid)
      .where('slot_reservations.slot_at', '>=', from)
      .where('slot_reservations.slot_at', '<=', to)
      .where('slot_reservations.post_uuid', '<>', postUuid)
      .select('slot_reservations.slot_at')
      .execute();
    const instants = held.flatMap((row) => (row.held_at === null ? [] : [toDate(row.held_at).getTime()]));
    for (const row of reserved) {
      const slotAt = toDate(row.slot_at);
      if (!isLapsed(row, slotAt, now)) instants.push(slotAt.getTime());
    }
    return new Set(instants);
  }

  /**
   * Reserves `slotAt` for the post, unless another post's reservation of it stands. A lapsed
   * reservation (see RESERVATION_GRACE_MS) is taken over, only if it is still the one read.
   */
  async reserve(workspaceUuid: string, postUuid: string, slotAt: Date, now: Date): Promise<ReserveOutcome> {
    const { db } = this.database;
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await db
        .insertInto('slot_reservations')
        .values({ workspace_uuid: workspaceUuid, slot_at: slotAt, post_uuid: postUuid, reserved_at: now })
        .onConflict((conflict) => conflict.columns(['workspace_uuid', 'slot_at']).doNothing())
        .returning('post_uuid')
        .executeTakeFirst();
      if (inserted) return 'reserved';
      const holder = await this.holders(workspaceUuid).where('slot_reservations.slot_at', '=', slotAt).executeTakeFirst();
      if (!holder) continue;
      if (holder.post_uuid === postUuid) {
        // Renewed, so that it does not lapse under another request while this one uses it.
        const renewed = await db
          .updateTable('slot_reservations')
          .set({ reserved_at: now })
          .where('workspace_uuid', '=', workspaceUuid)
          .where('slot_at', '=', slotAt)
          .where('post_uuid', '=', postUuid)
          .executeTakeFirst();
        if (Number(renewed.numUpdatedRows) > 0) return 'already_ours';
        continue;
      }
      if (!isLapsed(holder, slotAt, now)) return 'taken';
      await db
        .deleteFrom('slot_reservations')
        .where('workspace_uuid', '=', workspaceUuid)
        .where('slot_at', '=', slotAt)
        .where('post_uuid', '=', holder.post_uuid)
        .where('reserved_at', '=', toDate(holder.reserved_at))
        .execute();
    }
    return 'taken';
  }

  /** Gives up the post's reservation of `slotAt` (its command failed). */
  async release(workspaceUuid: string, slotAt: Date, postUuid: string): Promise<void> {
    await releaseReservation.run(this.database, { workspaceUuid, slotAt, postUuid });
  }

  /** Forgets the workspace's reservations of instants before `before`: no post is queued in the past. */
  async forgetPast(workspaceUuid: string, before: Date): Promise<void> {
    await this.database.db.deleteFrom('slot_reservations').where('workspace_uuid', '=', workspaceUuid).where('slot_at', '<', before).execute();
  }

  /**
   * Records the instant the post holds after its event of `revision` (null: none), unless a
   * revision as new was recorded. When the post held another instant before, its reservation of
   * that instant is released: the slot is free again. A post that never held an instant gets no
   * row for holding none (its messages come in order, and a command that gave it one records it).
   */
  async recordHold(workspaceUuid: string, postUuid: string, heldAt: Date | null, revision: number): Promise<'recorded' | 'stale' | 'never_held'> {
    const { database } = this;
    // Most events change nothing here (an older revision, or a post that never held an instant): one read, no transaction.
    const recorded = await recordedHold.first(database, { postUuid });
    if (!recorded && heldAt === null) return 'never_held';
    if (recorded && Number(recorded.revision) >= revision) return 'stale';
    // A post's first hold (a new post scheduled): nothing to release, one statement, no transaction.
    if (!recorded && (await recordFirstHold.first(database, { postUuid, workspaceUuid, heldAt, revision, updatedAt: new Date() }))) return 'recorded';
    return database.db.transaction().execute(async (tx) => {
      await database.dialect.transactionLock(tx, `held-instant:${postUuid}`);
      return this.recordHoldWithin(tx, workspaceUuid, postUuid, heldAt, revision);
    });
  }

  /**
   * recordHold inside a transaction the caller holds (on SQLite, the append of the post's events):
   * the same rules, no transaction of its own.
   */
  async recordHoldWithin(tx: PostsDatabase['db'], workspaceUuid: string, postUuid: string, heldAt: Date | null, revision: number): Promise<'recorded' | 'stale' | 'never_held'> {
    const { database } = this;
    const previous = await recordedHold.first(database, { postUuid }, tx);
    if (!previous && heldAt === null) return 'never_held';
    if (previous && Number(previous.revision) >= revision) return 'stale';
    await recordHeldInstant.run(database, { postUuid, workspaceUuid, heldAt, revision, updatedAt: new Date() }, tx);
    const before = previous?.held_at ? toDate(previous.held_at) : null;
    if (before && before.getTime() !== heldAt?.getTime()) await releaseReservation.run(database, { workspaceUuid, slotAt: before, postUuid }, tx);
    return 'recorded';
  }

  /** The one connection the posts' tables are on (SQLite), which an append's transaction may share; none on PostgreSQL. */
  get connection(): object | undefined {
    return this.database.immediate;
  }

  /** The workspace's reservations, each with the instant its post holds now. */
  private holders(workspaceUuid: string) {
    return this.database.db
      .selectFrom('slot_reservations')
      .leftJoin('held_instants', 'held_instants.post_uuid', 'slot_reservations.post_uuid')
      .select(['slot_reservations.post_uuid', 'slot_reservations.reserved_at', 'held_instants.held_at'])
      .where('slot_reservations.workspace_uuid', '=', workspaceUuid);
  }
}

/** A reservation whose post does not hold its instant, made longer ago than the grace period. */
function isLapsed(holder: Holder, slotAt: Date, now: Date): boolean {
  const holds = holder.held_at !== null && toDate(holder.held_at).getTime() === slotAt.getTime();
  return !holds && toDate(holder.reserved_at).getTime() < now.getTime() - RESERVATION_GRACE_MS;
}
