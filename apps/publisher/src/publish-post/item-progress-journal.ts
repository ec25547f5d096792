import { Inject, Injectable } from '@nestjs/common';
import { SchemaDatabase } from '@app/persistence';
import { SECRET_BOX, SecretBox } from '@app/security';
import { PublishProgress } from '../providers/publish-provider';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';
import { AttemptKey } from './attempt-journal';

type PublisherDatabase = SchemaDatabase<PublisherTables>;
type ItemKey = AttemptKey & { index: number };

const whereItem = (key: ItemKey) => ({ post_uuid: key.postUuid, account_id: key.accountId, round: key.round, item_index: key.index });

/**
 * The steps of asynchronous publishes (schema `publisher`, table `item_progress`), one row per
 * content item of an attempt, encrypted: a provider records each step before it takes it, and a
 * try made again (after a crash, a wait, a deferral) reads them back and resumes. Kept until the
 * attempt's result is stored, whatever the tries in between answered (`ItemJournal.forget`).
 */
@Injectable()
export class ItemProgressJournal {
  constructor(
    @Inject(PUBLISHER_DATABASE) private readonly database: PublisherDatabase,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  /** The progress of one content item of an attempt, as the provider's request carries it. */
  of(key: AttemptKey, index: number): PublishProgress {
    const item: ItemKey = { ...key, index };
    let known: Record<string, unknown> | null | undefined;
    const read = async (): Promise<Record<string, unknown> | null> => {
      if (known === undefined) known = await this.load(item);
      return known;
    };
    return {
      read,
      record: async (step) => {
        const merged = { ...((await read()) ?? {}), ...step };
        await this.store(item, merged);
        known = merged;
      },
    };
  }

  private async load(key: ItemKey): Promise<Record<string, unknown> | null> {
    const { post_uuid, account_id, round, item_index } = whereItem(key);
    const row = await this.database.db
      .selectFrom('item_progress')
      .select('progress_encrypted')
      .where('post_uuid', '=', post_uuid)
      .where('account_id', '=', account_id)
      .where('round', '=', round)
      .where('item_index', '=', item_index)
      .executeTakeFirst();
    return row ? (JSON.parse(this.secrets.decrypt(row.progress_encrypted)) as Record<string, unknown>) : null;
  }

  private async store(key: ItemKey, progress: Record<string, unknown>): Promise<void> {
    const progress_encrypted = this.secrets.encrypt(JSON.stringify(progress));
    const now = this.database.dialect.now();
    await this.database.db
      .insertInto('item_progress')
      .values({ ...whereItem(key), progress_encrypted, updated_at: now })
      .onConflict((conflict) => conflict.columns(['post_uuid', 'account_id', 'round', 'item_index']).doUpdateSet({ progress_encrypted, updated_at: now }))
      .execute();
  }
}
