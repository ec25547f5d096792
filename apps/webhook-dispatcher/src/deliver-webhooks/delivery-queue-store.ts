import { Inject, Injectable } from '@nestjs/common';
import { ExpressionBuilder, sql } from 'kysely';
import { DueWork, DueWorkFilter, SchemaDatabase, SqlDialect, unleased } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';
import { AttemptOutcome } from './retry-policy';

export interface ClaimedDelivery {
  id: string;
  webhookId: number;
  event: string;
  body: string;
  /** Attempts made in this run before the one now claimed. */
  runAttempts: number;
  /** The trace of the event that queued the delivery (W3C `traceparent`), if it was traced. */
  traceparent: string | null;
  url: string;
  secretCiphertext: string;
  /** The secret before the last rotation, while its grace period lasts: it signs too. */
  previousSecretCiphertext: string | null;
  leaseToken: string;
}

export interface AttemptRecord {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  errorKind?: string | null;
  response: string | null;
}

/** An attempt made, to be logged, and what follows it. */
export interface FinishedAttempt {
  delivery: ClaimedDelivery;
  attempt: AttemptRecord;
  outcome: AttemptOutcome;
}

type Deliveries = ExpressionBuilder<WebhooksTables, 'deliveries'>;

/**
 * Pending deliveries, written as a literal so that the planner can use the partial index of
 * pending deliveries by due time (a bound parameter cannot prove the index's condition).
 */
const isPending = (eb: Deliveries) => eb('deliveries.status', '=', sql.lit('pending'));

/**
 * Only deliveries of active webhooks are due: those of a deactivated one wait, pending, until it
 * is active again. Checked row by row, so that the scan follows the due times.
 */
const ofActiveWebhook = (eb: Deliveries) =>
  eb.exists(
    eb
      .selectFrom('webhooks')
      .select('webhooks.id')
      .whereRef('webhooks.id', '=', 'deliveries.webhook_id')
      .where('webhooks.active', '=', true),
  );

/** The webhook's own column, for each claimed delivery. */
const webhookColumn = (eb: Deliveries, column: 'url' | 'secret_ciphertext') =>
  eb.selectFrom('webhooks').select(`webhooks.${column}`).whereRef('webhooks.id', '=', 'deliveries.webhook_id');

/** The webhook's previous secret while its grace period lasts, for each claimed delivery. */
const previousSecretColumn = (eb: Deliveries, dialect: SqlDialect) =>
  eb
    .selectFrom('webhooks')
    .select((inner) =>
      inner.case().when('webhooks.previous_secret_expires_at', '>', dialect.now()).then(inner.ref('webhooks.previous_secret_ciphertext')).else(null).end().as('previous'),
    )
    .whereRef('webhooks.id', '=', 'deliveries.webhook_id');

/** `CASE WHEN id = <delivery> THEN <status after its attempt> ... END`: every delivery of a batch in one UPDATE. */
function statusAfter(eb: Deliveries, [first, ...rest]: readonly FinishedAttempt[]) {
  let cases = eb.case().when('deliveries.id', '=', first.delivery.id).then(first.outcome.status);
  for (const { delivery, outcome } of rest) cases = cases.when('deliveries.id', '=', delivery.id).then(outcome.status);
  return cases.else(eb.ref('deliveries.status')).end();
}

/** When each delivery of a batch is due again, by the database clock: after its retry delay, or never. */
function dueAgainAfter(eb: Deliveries, dialect: SqlDialect, finished: readonly FinishedAttempt[]) {
  const retries = finished.flatMap(({ delivery, outcome }) => (outcome.status === 'pending' ? [{ id: delivery.id, inMs: outcome.retryInMs }] : []));
  if (retries.length === 0) return null;
  const [first, ...rest] = retries;
  let cases = eb.case().when('deliveries.id', '=', first.id).then(dialect.nowPlusMs(first.inMs));
  for (const retry of rest) cases = cases.when('deliveries.id', '=', retry.id).then(dialect.nowPlusMs(retry.inMs));
  return cases.else(null).end();
}

/** Pending deliveries of active webhooks: the due work of this service. */
const dueDeliveries = new DueWork<WebhooksTables, 'deliveries'>({
  table: 'deliveries',
  key: ['id'],
  claimable: (eb) => eb.and([isPending(eb), ofActiveWebhook(eb)]),
});

/** A claim returns each delivery with what its attempt needs of its webhook. */
const claimDeliveries = dueDeliveries.claims((claim, { dialect }) =>
  claim.returning((eb) => [
    'deliveries.id',
    'deliveries.webhook_id',
    'deliveries.event',
    'deliveries.body',
    'deliveries.run_attempts',
    'deliveries.traceparent',
    webhookColumn(eb, 'url').as('url'),
    webhookColumn(eb, 'secret_ciphertext').as('secret_ciphertext'),
    previousSecretColumn(eb, dialect).as('previous_secret_ciphertext'),
  ]),
);

/** Leaves out the deliveries of the webhooks the worker calls busy (none: the claim prepared once). */
const exceptWebhooks = (busyWebhooks: readonly number[]): DueWorkFilter<WebhooksTables, 'deliveries'> | undefined =>
  busyWebhooks.length === 0 ? undefined : (eb) => eb('deliveries.webhook_id', 'not in', [...busyWebhooks]);

/**
 * Due deliveries, claimed in batches with a lease: the claiming statement skips rows another
 * replica is claiming right now (row locks on PostgreSQL) and rows whose lease has not run out,
 * so one attempt is made by one replica. A lease outlives the request timeout; a replica that
 * dies mid-attempt loses it.
 */
@Injectable()
export class DeliveryQueueStore {
  constructor(@Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>) {}

  async claimDue(limit: number, leaseMs: number, busyWebhooks: readonly number[] = []): Promise<ClaimedDelivery[]> {
    const { leaseToken, rows } = await claimDeliveries.take(this.database, { limit, leaseMs }, exceptWebhooks(busyWebhooks));
    return rows.map((row) => ({
      id: row.id,
      webhookId: Number(row.webhook_id),
      event: row.event,
      body: row.body,
      runAttempts: row.run_attempts,
      traceparent: row.traceparent ?? null,
      url: row.url!,
      secretCiphertext: row.secret_ciphertext!,
      previousSecretCiphertext: row.previous_secret_ciphertext ?? null,
      leaseToken,
    }));
  }

  /**
   * Logs a batch of attempts and moves each delivery on, in one transaction of two statements
   * (one more when a lease was lost). A delivery whose lease was lost meanwhile (another replica
   * holds it now) gets its attempt logged but is not moved on; one deleted with its webhook
   * during the attempt has nothing left to log against.
   */
  async recordAttempts(finished: readonly FinishedAttempt[]): Promise<void> {
    if (finished.length === 0) return;
    const { db, dialect } = this.database;
    await db.transaction().execute(async (tx) => {
      const moved = await tx
        .updateTable('deliveries')
        .set((eb) => ({
          status: statusAfter(eb, finished),
          due_at: dueAgainAfter(eb, dialect, finished),
          run_attempts: eb('run_attempts', '+', 1),
          ...unleased,
        }))
        .where((eb) => eb.or(finished.map(({ delivery }) => eb.and({ id: delivery.id, lease_token: delivery.leaseToken }))))
        .returning('id')
        .execute();
      const logged = new Set(moved.map((row) => row.id));
      const leaseLost = finished.filter(({ delivery }) => !logged.has(delivery.id)).map(({ delivery }) => delivery.id);
      if (leaseLost.length > 0) {
        const remaining = await dialect.skipLocked(tx.selectFrom('deliveries').select('id').where('id', 'in', leaseLost)).execute();
        for (const row of remaining) logged.add(row.id);
      }
      const attempts = finished.filter(({ delivery }) => logged.has(delivery.id));
      if (attempts.length === 0) return;
      await tx
        .insertInto('delivery_attempts')
        .values(
          attempts.map(({ delivery, attempt, outcome }) => ({
            delivery_id: delivery.id,
            attempted_at: attempt.at,
            status_code: attempt.statusCode,
            duration_ms: attempt.durationMs,
            error: attempt.error,
            error_kind: attempt.errorKind ?? null,
            response: attempt.response,
            next_retry_at: outcome.status === 'pending' ? dialect.nowPlusMs(outcome.retryInMs) : null,
          })),
        )
        .execute();
    });
  }

  /**
   * Ends the leases of a process that ended mid-attempt, so its deliveries are due at once rather
   * than when their leases run out. Only on a database one process opens at a time: there every
   * lease found at start was left by an earlier process; on a shared one it may be a live replica's.
   */
  releaseLeftoverLeases(): Promise<number> {
    return dueDeliveries.expireLeftoverLeases(this.database);
  }

  /**
   * Milliseconds until the next pending delivery that a claim would take can be claimed (0 when
   * overdue), by the database clock, or null when none is pending. Like `claimDue`, it leaves out
   * inactive webhooks and the webhooks the worker calls busy (those wake it when a slot frees):
   * counting what a claim skips would make the worker look again and again for nothing.
   */
  msUntilNextDue(busyWebhooks: readonly number[] = []): Promise<number | null> {
    return dueDeliveries.msUntilNextClaimable(this.database, exceptWebhooks(busyWebhooks));
  }
}
