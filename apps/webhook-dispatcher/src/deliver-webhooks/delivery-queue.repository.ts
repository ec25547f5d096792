import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { AttemptOutcome } from './retry-policy';

export interface ClaimedDelivery {
  id: string;
  webhookId: number;
  event: string;
  body: string;
  /** Attempts made in this run before the one now claimed. */
  runAttempts: number;
  url: string;
  secretCiphertext: string;
  leaseToken: string;
}

export interface AttemptRecord {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  response: string | null;
}

/**
 * Due deliveries, claimed with a lease: the claiming statement skips rows another replica is
 * claiming (FOR UPDATE SKIP LOCKED) and rows whose lease has not run out, so one attempt is made
 * by one replica. A lease outlives the request timeout; a replica that dies mid-attempt loses it.
 * Deliveries of a deactivated webhook wait, pending, until it is active again.
 */
@Injectable()
export class DeliveryQueueRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    const leaseToken = randomUUID();
    const rows = await this.sql.query<{
      id: string;
      webhook_id: number;
      event: string;
      body: string;
      run_attempts: number;
      url: string;
      secret_ciphertext: string;
    }>(
      `UPDATE webhooks.deliveries AS d
       SET lease_token = $1, lease_until = now() + $2::float8 * interval '1 millisecond'
       FROM webhooks.webhooks AS w
       WHERE w.id = d.webhook_id AND d.id IN (
         SELECT pending.id FROM webhooks.deliveries AS pending
         JOIN webhooks.webhooks AS owner ON owner.id = pending.webhook_id AND owner.active
         WHERE pending.status = 'pending' AND pending.next_attempt_at <= now()
           AND (pending.lease_until IS NULL OR pending.lease_until <= now())
         ORDER BY pending.next_attempt_at
         LIMIT $3
         FOR UPDATE OF pending SKIP LOCKED)
       RETURNING d.id, d.webhook_id, d.event, d.body, d.run_attempts, w.url, w.secret_ciphertext`,
      [leaseToken, leaseMs, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      webhookId: row.webhook_id,
      event: row.event,
      body: row.body,
      runAttempts: row.run_attempts,
      url: row.url,
      secretCiphertext: row.secret_ciphertext,
      leaseToken,
    }));
  }

  /** Logs the attempt and moves the delivery on, unless its lease was lost meanwhile. */
  async recordAttempt(delivery: ClaimedDelivery, attempt: AttemptRecord, outcome: AttemptOutcome): Promise<void> {
    const retryInMs = outcome.status === 'pending' ? outcome.retryInMs : null;
    await this.sql.transaction(async (tx) => {
      await tx.query(
        `UPDATE webhooks.deliveries
         SET status = $3, run_attempts = run_attempts + 1, lease_token = NULL, lease_until = NULL,
             next_attempt_at = CASE WHEN $4::float8 IS NULL THEN NULL ELSE now() + $4::float8 * interval '1 millisecond' END
         WHERE id = $1 AND lease_token = $2`,
        [delivery.id, delivery.leaseToken, outcome.status, retryInMs],
      );
      // A delivery deleted with its webhook during the attempt has nothing left to log against.
      await tx.query(
        `INSERT INTO webhooks.delivery_attempts (delivery_id, attempted_at, status_code, duration_ms, error, response)
         SELECT $1::text, $2::timestamptz, $3::integer, $4::integer, $5::text, $6::text WHERE EXISTS (SELECT 1 FROM webhooks.deliveries WHERE id = $1)`,
        [delivery.id, attempt.at.toISOString(), attempt.statusCode, attempt.durationMs, attempt.error, attempt.response],
      );
    });
  }

  /**
   * Frees the claims of a process that ended mid-attempt, so its deliveries are due at once rather than
   * when their leases run out. Only on PGlite, which one process opens at a time: there every lease
   * found at start is left by an earlier process. On PostgreSQL a lease may be a live replica's.
   */
  async releaseLeftoverLeases(): Promise<number> {
    if (this.sql.dialect !== 'pglite') return 0;
    const rows = await this.sql.query(
      `UPDATE webhooks.deliveries SET lease_token = NULL, lease_until = NULL
       WHERE status = 'pending' AND lease_token IS NOT NULL RETURNING id`,
    );
    return rows.length;
  }

  /** Milliseconds until the next pending delivery is due (0 when overdue), or null when none is pending. */
  async msUntilNextDue(): Promise<number | null> {
    const [row] = await this.sql.query<{ wait_ms: number | null }>(
      `SELECT (EXTRACT(EPOCH FROM (min(GREATEST(next_attempt_at, COALESCE(lease_until, next_attempt_at))) - clock_timestamp())) * 1000)::float8 AS wait_ms
       FROM webhooks.deliveries WHERE status = 'pending'`,
    );
    return row?.wait_ms === null || row?.wait_ms === undefined ? null : Math.max(0, row.wait_ms);
  }
}
