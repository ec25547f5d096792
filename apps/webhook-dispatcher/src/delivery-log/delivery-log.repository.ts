import { Inject, Injectable } from '@nestjs/common';
import { DeliveryView } from '@app/contracts';
import { SQL_CLIENT, SqlClient } from '@app/persistence';

interface DeliveryRow {
  id: string;
  webhook_id: number;
  event: string;
  body: string;
  status: DeliveryView['status'];
  next_attempt_at: Date | null;
  created_at: Date;
}

interface AttemptRow {
  delivery_id: string;
  attempted_at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response: string | null;
}

/** The deliveries of one webhook with their attempts, and resending. */
@Injectable()
export class DeliveryLogRepository {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /** Newest first. */
  async list(webhookId: number, limit: number): Promise<DeliveryView[]> {
    const deliveries = await this.sql.query<DeliveryRow>(
      'SELECT * FROM webhooks.deliveries WHERE webhook_id = $1 ORDER BY seq DESC LIMIT $2',
      [webhookId, limit],
    );
    const attempts = await this.sql.query<AttemptRow>(
      `SELECT a.* FROM webhooks.delivery_attempts AS a
       WHERE a.delivery_id IN (SELECT id FROM webhooks.deliveries WHERE webhook_id = $1 ORDER BY seq DESC LIMIT $2)
       ORDER BY a.id`,
      [webhookId, limit],
    );
    return deliveries.map((row) => view(row, attempts.filter((attempt) => attempt.delivery_id === row.id)));
  }

  async find(webhookId: number, deliveryId: string): Promise<DeliveryView | null> {
    const [row] = await this.sql.query<DeliveryRow>('SELECT * FROM webhooks.deliveries WHERE webhook_id = $1 AND id = $2', [
      webhookId,
      deliveryId,
    ]);
    if (!row) return null;
    const attempts = await this.sql.query<AttemptRow>('SELECT * FROM webhooks.delivery_attempts WHERE delivery_id = $1 ORDER BY id', [
      deliveryId,
    ]);
    return view(row, attempts);
  }

  /** Starts a new run of attempts, due now, for a delivery that is done; a pending one is left as it is. */
  async resend(webhookId: number, deliveryId: string): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE webhooks.deliveries SET status = 'pending', run_attempts = 0, next_attempt_at = now()
       WHERE webhook_id = $1 AND id = $2 AND status <> 'pending' RETURNING id`,
      [webhookId, deliveryId],
    );
    return rows.length > 0;
  }
}

function view(row: DeliveryRow, attempts: AttemptRow[]): DeliveryView {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event: row.event,
    status: row.status,
    attempts: attempts.map((attempt) => ({
      at: attempt.attempted_at.toISOString(),
      status_code: attempt.status_code,
      duration_ms: attempt.duration_ms,
      error: attempt.error,
      response: attempt.response,
    })),
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    payload: JSON.parse(row.body) as unknown,
    created_at: row.created_at.toISOString(),
  };
}
