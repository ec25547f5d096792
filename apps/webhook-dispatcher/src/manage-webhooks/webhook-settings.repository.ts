import { Inject, Injectable } from '@nestjs/common';
import { ExpressionBuilder, Selectable } from 'kysely';
import { WebhookEventName, WebhookView } from '@app/contracts';
import { SchemaDatabase, toDate } from '@app/persistence';
import { SECRET_BOX, SecretBox } from '@app/security';
import { ScopeOwner } from '../webhook-scope';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';
import { WebhookChanges, WebhookSettings } from './webhook-input';

type WebhookRow = Selectable<WebhooksTables['webhooks']>;

/** The webhooks of one scope: a workspace's, or the system ones (no workspace). */
const ownedBy = (owner: ScopeOwner) => (eb: ExpressionBuilder<WebhooksTables, 'webhooks'>) =>
  owner === null ? eb('workspace_uuid', 'is', null) : eb('workspace_uuid', '=', owner);

/** Webhook settings by scope; the signing secret is encrypted at rest and decrypted for its owner only. */
@Injectable()
export class WebhookSettingsRepository {
  constructor(
    @Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  async list(owner: ScopeOwner): Promise<WebhookView[]> {
    const rows = await this.database.db.selectFrom('webhooks').selectAll().where(ownedBy(owner)).orderBy('id').execute();
    return rows.map((row) => this.view(row));
  }

  async find(owner: ScopeOwner, id: number): Promise<WebhookView | null> {
    const row = await this.database.db.selectFrom('webhooks').selectAll().where(ownedBy(owner)).where('id', '=', id).executeTakeFirst();
    return row ? this.view(row) : null;
  }

  async exists(owner: ScopeOwner, id: number): Promise<boolean> {
    const row = await this.database.db.selectFrom('webhooks').select('id').where(ownedBy(owner)).where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async insert(owner: ScopeOwner, settings: WebhookSettings): Promise<WebhookView> {
    const { db, dialect } = this.database;
    const row = await db
      .insertInto('webhooks')
      .values({
        workspace_uuid: owner,
        url: settings.url,
        events: dialect.json(settings.events),
        secret_ciphertext: this.secrets.encrypt(settings.secret),
        active: settings.active,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.view(row);
  }

  /** Sets the fields `changes` names; the others keep their stored values. */
  async update(owner: ScopeOwner, id: number, changes: WebhookChanges): Promise<WebhookView | null> {
    const { db, dialect } = this.database;
    const row = await db
      .updateTable('webhooks')
      .set({
        ...(changes.url !== undefined && { url: changes.url }),
        ...(changes.events !== undefined && { events: dialect.json(changes.events) }),
        ...(changes.secret !== undefined && { secret_ciphertext: this.secrets.encrypt(changes.secret) }),
        ...(changes.active !== undefined && { active: changes.active }),
        updated_at: dialect.now(),
      })
      .where(ownedBy(owner))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? this.view(row) : null;
  }

  async delete(owner: ScopeOwner, id: number): Promise<boolean> {
    const row = await this.database.db.deleteFrom('webhooks').where(ownedBy(owner)).where('id', '=', id).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  private view(row: WebhookRow): WebhookView {
    return {
      id: Number(row.id),
      url: row.url,
      events: this.database.dialect.readJson<WebhookEventName[]>(row.events),
      secret: this.secrets.decrypt(row.secret_ciphertext),
      active: Boolean(row.active),
      created_at: toDate(row.created_at).toISOString(),
      updated_at: toDate(row.updated_at).toISOString(),
    };
  }
}
