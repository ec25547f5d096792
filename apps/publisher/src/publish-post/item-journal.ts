import { Inject, Injectable } from '@nestjs/common';
import { PreparedQuery, SchemaDatabase } from '@app/persistence';
import { ItemOnPlatform } from '../providers/publish-provider';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';
import { AttemptKey } from './attempt-journal';

/**
 * A content item of an attempt that was sent:
 * - `sending`: journaled before the call that publishes it, and no answer stored since: a crash cut
 *   that call off, so the item may or may not be on the platform;
 * - `published`: on the platform, as `item`.
 */
export type ItemStep = { index: number; state: 'sending' } | { index: number; state: 'published'; item: ItemOnPlatform };

type PublisherDatabase = SchemaDatabase<PublisherTables>;
type StepKey = AttemptKey & { index: number };

const beginStep = new PreparedQuery(({ db, dialect }: PublisherDatabase, p: StepKey) =>
  db
    .insertInto('attempt_items')
    .values({
      post_uuid: p.postUuid,
      account_id: p.accountId,
      round: p.round,
      item_index: p.index,
      state: 'sending',
      external_id: null,
      external_url: null,
      reference: null,
      started_at: dialect.now(),
      finished_at: null,
    })
    .onConflict((conflict) => conflict.doNothing()),
);

const finishStep = new PreparedQuery(({ db, dialect }: PublisherDatabase, p: StepKey & { externalId: string; externalUrl: string | null; reference: string | null }) =>
  db
    .updateTable('attempt_items')
    .set({ state: 'published', external_id: p.externalId, external_url: p.externalUrl, reference: p.reference, finished_at: dialect.now() })
    .where('post_uuid', '=', p.postUuid)
    .where('account_id', '=', p.accountId)
    .where('round', '=', p.round)
    .where('item_index', '=', p.index),
);

const stepsOf = new PreparedQuery(({ db }: PublisherDatabase, p: AttemptKey) =>
  db
    .selectFrom('attempt_items')
    .select(['item_index', 'state', 'external_id', 'external_url', 'reference'])
    .where('post_uuid', '=', p.postUuid)
    .where('account_id', '=', p.accountId)
    .where('round', '=', p.round)
    .orderBy('item_index'),
);

/** An item answered without being taken: its `sending` step goes. */
const dropUnsentStep = new PreparedQuery(({ db }: PublisherDatabase, p: StepKey) =>
  db
    .deleteFrom('attempt_items')
    .where('post_uuid', '=', p.postUuid)
    .where('account_id', '=', p.accountId)
    .where('round', '=', p.round)
    .where('item_index', '=', p.index)
    .where('state', '=', 'sending'),
);

/** The attempt's steps, and the progress of its asynchronous items, once its result is stored. */
const forgetSteps = new PreparedQuery(({ db }: PublisherDatabase, p: AttemptKey) =>
  db.deleteFrom('attempt_items').where('post_uuid', '=', p.postUuid).where('account_id', '=', p.accountId).where('round', '=', p.round),
);
const forgetProgress = new PreparedQuery(({ db }: PublisherDatabase, p: AttemptKey) =>
  db.deleteFrom('item_progress').where('post_uuid', '=', p.postUuid).where('account_id', '=', p.accountId).where('round', '=', p.round),
);

/**
 * The steps of a publish attempt, one per content item (schema `publisher`, table
 * `attempt_items`): an item is journaled `sending` before the call that publishes it, and
 * `published` with its id once the platform answered. An attempt made again (after a crash, when
 * deferred) skips the items already published, and meets the one cut off mid-call in doubt.
 */
@Injectable()
export class ItemJournal {
  constructor(@Inject(PUBLISHER_DATABASE) private readonly database: PublisherDatabase) {}

  /** The attempt's items sent so far, by index. */
  async stepsOf(key: AttemptKey): Promise<ItemStep[]> {
    const rows = await stepsOf.rows(this.database, key);
    return rows.map((row) =>
      row.state === 'published' && row.external_id !== null
        ? { index: row.item_index, state: 'published', item: { externalId: row.external_id, externalUrl: row.external_url, reference: row.reference } }
        : { index: row.item_index, state: 'sending' },
    );
  }

  /** The item is about to be sent: from now until `published` or `notSent`, a crash leaves it in doubt. */
  async sending(key: AttemptKey, index: number): Promise<void> {
    await beginStep.run(this.database, { ...key, index });
  }

  /** The platform holds the item. */
  async published(key: AttemptKey, index: number, item: ItemOnPlatform): Promise<void> {
    await finishStep.run(this.database, { ...key, index, externalId: item.externalId, externalUrl: item.externalUrl, reference: item.reference });
  }

  /** The platform answered without taking the item (a refusal, or a wait before trying again): nothing of it is there. */
  async notSent(key: AttemptKey, index: number): Promise<void> {
    await dropUnsentStep.run(this.database, { ...key, index });
  }

  /**
   * The attempt's result is stored (with its items): its steps, and the progress of its
   * asynchronous ones, are no longer needed. `executor`: the transaction that stores the result.
   */
  async forget(key: AttemptKey, executor: PublisherDatabase['db'] = this.database.db): Promise<void> {
    const { postUuid, accountId, round } = key;
    await forgetSteps.run(this.database, { postUuid, accountId, round }, executor);
    await forgetProgress.run(this.database, { postUuid, accountId, round }, executor);
  }
}
