import { Inject, Injectable } from '@nestjs/common';
import { WebhookEventName, WebhookView } from '@app/contracts';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { SECRET_BOX, SecretBox } from '@app/security';
import { ScopeOwner } from '../webhook-scope';
import { WebhookChanges, WebhookSettings } from './webhook-input';

interface WebhookRow {
  id: number;
  url: string;
  events: WebhookEventName[];
  secret_ciphertext: string;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

const OWNED = 'workspace_uuid IS NOT DISTINCT FROM $1::text';

/** Webhook settings by scope; the signing secret is encrypted at rest and decrypted for its owner only. */
@Injectable()
export class WebhookSettingsRepository {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  async list(owner: ScopeOwner): Promise<WebhookView[]> {
    const rows = await this.sql.query<WebhookRow>(`SELECT * FROM webhooks.webhooks WHERE ${OWNED} ORDER BY id`, [owner]);
    return rows.map((row) => this.view(row));
  }

  async find(owner: ScopeOwner, id: number): Promise<WebhookView | null> {
    const [row] = await this.sql.query<WebhookRow>(`SELECT * FROM webhooks.webhooks WHERE ${OWNED} AND id = $2`, [owner, id]);
    return row ? this.view(row) : null;
  }

  async exists(owner: ScopeOwner, id: number): Promise<boolean> {
    const rows = await this.sql.query(`SELECT 1 FROM webhooks.webhooks WHERE ${OWNED} AND id = $2`, [owner, id]);
    return rows.length > 0;
  }

  async insert(owner: ScopeOwner, settings: WebhookSettings): Promise<WebhookView> {
    const [row] = await this.sql.query<WebhookRow>(
      `INSERT INTO webhooks.webhooks (workspace_uuid, url, events, secret_ciphertext, active)
       VALUES ($1, $2, $3::jsonb, $4, $5) RETURNING *`,
      [owner, settings.url, JSON.stringify(settings.events), this.secrets.encrypt(settings.secret), settings.active],
    );
    return this.view(row);
  }

  async update(owner: ScopeOwner, id: number, changes: WebhookChanges): Promise<WebhookView | null> {
    const [row] = await this.sql.query<WebhookRow>(
      `UPDATE webhooks.webhooks SET
         url = COALESCE($3, url),
         events = COALESCE($4::jsonb, events),
         secret_ciphertext = COALESCE($5, secret_ciphertext),
         active = COALESCE($6, active),
         updated_at = now()
       WHERE ${OWNED} AND id = $2 RETURNING *`,
      [
        owner,
        id,
        changes.url ?? null,
        changes.events ? JSON.stringify(changes.events) : null,
        changes.secret ? this.secrets.encrypt(changes.secret) : null,
        changes.active ?? null,
      ],
    );
    return row ? this.view(row) : null;
  }

  async delete(owner: ScopeOwner, id: number): Promise<boolean> {
    const rows = await this.sql.query(`DELETE FROM webhooks.webhooks WHERE ${OWNED} AND id = $2 RETURNING id`, [owner, id]);
    return rows.length > 0;
  }

  private view(row: WebhookRow): WebhookView {
    return {
      id: row.id,
      url: row.url,
      events: row.events,
      secret: this.secrets.decrypt(row.secret_ciphertext),
      active: row.active,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }
}
