import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask } from '@app/persistence';
import { SECRET_BOX, SecretBox } from '@app/security';
import { GATEWAY_DATABASE, GatewayDatabase } from '../gateway-migrations';

/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still marked running after this long was cut off (its process died): the key may be used again. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface IdempotentRequest {
  userId: number;
  /** Method and path: a key is scoped to the user and the path. */
  scope: string;
  key: string;
  fingerprint: string;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'running' }
  | { kind: 'other-request' };

/**
 * The answers of requests sent with an Idempotency-Key. A request claims its key in one insert (the
 * primary key settles a race between replicas); its answer is stored encrypted (it may hold a
 * token or a webhook secret) and replayed for the same body within 24 hours.
 */
@Injectable()
export class IdempotencyStore implements OnApplicationBootstrap, OnModuleDestroy {
  /** Forgets expired keys, from the start of the application until its shutdown. */
  private readonly sweeper = new PeriodicTask('IdempotencyKeys', SWEEP_EVERY_MS, async () => void (await this.sweep()));

  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeper.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }

  async claim(request: IdempotentRequest): Promise<Claim> {
    const { db, dialect } = this.database;
    const { userId, scope, key, fingerprint } = request;
    const inserted = async () =>
      db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, scope, key, fingerprint, state: 'running', response_status: null, response_encrypted: null })
        .onConflict((conflict) => conflict.doNothing())
        .returning('key')
        .executeTakeFirst();
    if (await inserted()) return { kind: 'claimed' };

    // Forget an expired key, or a claim whose request was cut off, then try once more.
    const forgotten = await db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', dialect.nowPlusMs(-IDEMPOTENCY_KEY_TTL_MS)),
          eb.and([eb('state', '=', 'running'), eb('created_at', '<', dialect.nowPlusMs(-ABANDONED_AFTER_MS))]),
        ]),
      )
      .executeTakeFirst();
    if (Number(forgotten.numDeletedRows) > 0 && (await inserted())) return { kind: 'claimed' };

    const existing = await db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'state', 'response_status', 'response_encrypted'])
      .where('user_id', '=', userId)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!existing) return this.claim(request);
    if (existing.fingerprint !== fingerprint) return { kind: 'other-request' };
    if (existing.state === 'running' || existing.response_status === null || existing.response_encrypted === null) return { kind: 'running' };
    return { kind: 'replay', answer: { status: existing.response_status, body: JSON.parse(this.secrets.decrypt(existing.response_encrypted)) } };
  }

  async complete(request: IdempotentRequest, answer: StoredAnswer): Promise<void> {
    await this.database.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: answer.status, response_encrypted: this.secrets.encrypt(JSON.stringify(answer.body ?? null)) })
      .where('user_id', '=', request.userId)
      .where('scope', '=', request.scope)
      .where('key', '=', request.key)
      .execute();
  }

  /** The request failed in a way worth retrying (the service was unavailable): the key may be used again. */
  async release(request: IdempotentRequest): Promise<void> {
    await this.database.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', request.userId)
      .where('scope', '=', request.scope)
      .where('key', '=', request.key)
      .where('state', '=', 'running')
      .execute();
  }

  async sweep(): Promise<number> {
    const { db, dialect } = this.database;
    const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', dialect.nowPlusMs(-IDEMPOTENCY_KEY_TTL_MS)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
