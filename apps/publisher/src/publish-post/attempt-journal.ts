import { Inject, Injectable } from '@nestjs/common';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { PublishResult } from './publish-result';

/** One publishing round of a post to one account; the round is the revision of its PublishingStarted. */
export interface AttemptKey {
  postUuid: string;
  accountId: number;
  round: number;
}

/**
 * - `new`: this call journaled the attempt; the provider may be called.
 * - `finished`: attempted before, with this result.
 * - `interrupted`: started before but no outcome stored: a crash during the provider call.
 */
export type AttemptStart = { kind: 'new' } | { kind: 'finished'; result: PublishResult } | { kind: 'interrupted' };

interface AttemptRow {
  state: 'started' | 'finished';
  outcome: 'published' | 'failed' | null;
  external_id: string | null;
  external_url: string | null;
  errors: string[];
}

/** Journal of publish attempts (schema `publisher`): written before a provider is called. */
@Injectable()
export class AttemptJournal {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async begin({ postUuid, accountId, round }: AttemptKey): Promise<AttemptStart> {
    const inserted = await this.sql.query(
      `INSERT INTO publisher.attempts (post_uuid, account_id, round, state) VALUES ($1, $2, $3, 'started')
       ON CONFLICT DO NOTHING RETURNING round`,
      [postUuid, accountId, round],
    );
    if (inserted.length > 0) return { kind: 'new' };
    const row = await this.read({ postUuid, accountId, round });
    return row?.state === 'finished' ? { kind: 'finished', result: resultOf(row) } : { kind: 'interrupted' };
  }

  /**
   * Stores the result of a started attempt and returns the stored one: if another consumer
   * finished the attempt first, its result stands.
   */
  async finish(key: AttemptKey, result: PublishResult): Promise<PublishResult> {
    const updated = await this.sql.query(
      `UPDATE publisher.attempts
       SET state = 'finished', outcome = $4, external_id = $5, external_url = $6, errors = $7::jsonb, finished_at = now()
       WHERE post_uuid = $1 AND account_id = $2 AND round = $3 AND state = 'started'
       RETURNING round`,
      [key.postUuid, key.accountId, key.round, result.outcome, result.externalId, result.externalUrl, JSON.stringify(result.errors)],
    );
    if (updated.length > 0) return result;
    const row = await this.read(key);
    if (row?.state !== 'finished') throw new Error(`Publish attempt ${key.postUuid}/${key.accountId}/${key.round} vanished`);
    return resultOf(row);
  }

  /** The latest round journaled for a post, or null. */
  async latestRound(postUuid: string): Promise<number | null> {
    const [row] = await this.sql.query<{ round: number | null }>('SELECT max(round) AS round FROM publisher.attempts WHERE post_uuid = $1', [
      postUuid,
    ]);
    return row?.round ?? null;
  }

  private async read({ postUuid, accountId, round }: AttemptKey): Promise<AttemptRow | null> {
    const [row] = await this.sql.query<AttemptRow>(
      `SELECT state, outcome, external_id, external_url, errors FROM publisher.attempts
       WHERE post_uuid = $1 AND account_id = $2 AND round = $3`,
      [postUuid, accountId, round],
    );
    return row ?? null;
  }
}

const resultOf = (row: AttemptRow): PublishResult => ({
  outcome: row.outcome ?? 'failed',
  externalId: row.external_id,
  externalUrl: row.external_url,
  errors: row.errors,
});
