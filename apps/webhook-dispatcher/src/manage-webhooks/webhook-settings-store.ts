import { Inject, Injectable } from '@nestjs/common';
import { ExpressionBuilder, Selectable } from 'kysely';
import { WebhookEventChoice, WebhookView } from '@app/contracts';
import { SchemaDatabase, toDate, isoTimestamp } from '@app/persistence';
import { SECRET_BOX, SecretBox } from '@app/security';
import { ScopeOwner } from '../webhook-scope';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';
import { NO_ACTIVITY, WebhookActivity, WebhookActivityStore } from './webhook-activity-store';
import { WebhookChanges, WebhookSettings } from './webhook-input';

type WebhookRow = Selectable<WebhooksTables['webhooks']>;

/** The webhooks of one scope: a workspace's, or the system ones (no workspace). */
const ownedBy = (owner: ScopeOwner) => (eb: ExpressionBuilder<WebhooksTables, 'webhooks'>) =>
  owner === null ? eb('workspace_uuid', 'is', null) : eb('workspace_uuid', '=', owner);

/** Whether a view carries the decrypted signing secret: only for those who may manage the webhook. */
export type SecretShown = 'shown' | 'hidden';
/** Whether a view carries the whole URL, or only its origin (for a workspace's viewers: a path or a query may hold credentials). */
export type UrlShown = 'whole' | 'origin';

/** The scheme, host and port of a URL: no credentials, path, query or fragment. */
export function originOf(url: string): string {
  const origin = URL.parse(url)?.origin;
  return origin && origin !== 'null' ? origin : '';
}

/** A webhook was not added: its scope already has as many as it may. */
export class WebhookLimitReached extends Error {
  constructor(readonly atMost: number) {
    super(`The scope already has ${atMost} webhooks`);
  }
}

/** Webhook settings by scope; the signing secrets are encrypted at rest and decrypted for admins only. */
@Injectable()
export class WebhookSettingsStore {
  constructor(
    @Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
    private readonly activity: WebhookActivityStore,
  ) {}

  async list(owner: ScopeOwner, secret: SecretShown, url: UrlShown = 'whole'): Promise<WebhookView[]> {
    const rows = await this.database.db.selectFrom('webhooks').selectAll().where(ownedBy(owner)).orderBy('id').execute();
    const activity = await this.activity.of(rows.map((row) => Number(row.id)));
    return rows.map((row) => this.view(row, secret, url, activity.get(Number(row.id))));
  }

  async find(owner: ScopeOwner, id: number, secret: SecretShown, url: UrlShown = 'whole'): Promise<WebhookView | null> {
    const row = await this.database.db.selectFrom('webhooks').selectAll().where(ownedBy(owner)).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const activity = await this.activity.of([id]);
    return this.view(row, secret, url, activity.get(id));
  }

  async exists(owner: ScopeOwner, id: number): Promise<boolean> {
    const row = await this.database.db.selectFrom('webhooks').select('id').where(ownedBy(owner)).where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Adds a webhook to the scope; with `atMost`, only while the scope has fewer (else
   * WebhookLimitReached). The count and the insert are one transaction that holds the scope's lock
   * on PostgreSQL (SQLite has one writer at a time), so two creates at once never both take the last place.
   */
  async insert(owner: ScopeOwner, settings: WebhookSettings, atMost?: number): Promise<WebhookView> {
    const { db, dialect } = this.database;
    const row = await db.transaction().execute(async (tx) => {
      if (atMost !== undefined) {
        await dialect.transactionLock(tx, `webhooks:scope:${owner ?? 'system'}`);
        const { count } = await tx.selectFrom('webhooks').select((eb) => eb.fn.countAll().as('count')).where(ownedBy(owner)).executeTakeFirstOrThrow();
        if (Number(count) >= atMost) throw new WebhookLimitReached(atMost);
      }
      return tx
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
    });
    return this.view(row, 'shown', 'whole');
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
        // Active again by hand: the service's reason to disable it, and its failing streak, are over.
        ...(changes.active === true && { disabled_at: null, disabled_reason: null, failing_since: null }),
        updated_at: dialect.now(),
      })
      .where(ownedBy(owner))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? this.find(owner, id, 'shown') : null;
  }

  /** A new current secret; the current one becomes the previous, signing too for `graceSeconds` (none when 0). */
  async rotateSecret(owner: ScopeOwner, id: number, secret: string, graceSeconds: number): Promise<WebhookView | null> {
    const { db, dialect } = this.database;
    const row = await db
      .updateTable('webhooks')
      .set((eb) => ({
        secret_ciphertext: this.secrets.encrypt(secret),
        previous_secret_ciphertext: graceSeconds > 0 ? eb.ref('secret_ciphertext') : null,
        previous_secret_expires_at: graceSeconds > 0 ? dialect.nowPlusMs(graceSeconds * 1000) : null,
        updated_at: dialect.now(),
      }))
      .where(ownedBy(owner))
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row ? this.find(owner, id, 'shown') : null;
  }

  /** Where a webhook is sent and the secrets that sign it now: the current one, and the previous one during its grace period. */
  async signingTarget(owner: ScopeOwner, id: number): Promise<{ url: string; secrets: string[] } | null> {
    const { db, dialect } = this.database;
    const row = await db
      .selectFrom('webhooks')
      .select((eb) => [
        'url',
        'secret_ciphertext',
        eb.case().when('previous_secret_expires_at', '>', dialect.now()).then(eb.ref('previous_secret_ciphertext')).else(null).end().as('previous'),
      ])
      .where(ownedBy(owner))
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const ciphertexts = [row.secret_ciphertext, ...(row.previous ? [row.previous] : [])];
    return { url: row.url, secrets: ciphertexts.map((ciphertext) => this.secrets.decrypt(ciphertext)) };
  }

  async delete(owner: ScopeOwner, id: number): Promise<boolean> {
    const row = await this.database.db.deleteFrom('webhooks').where(ownedBy(owner)).where('id', '=', id).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  private view(row: WebhookRow, secret: SecretShown, url: UrlShown, activity: WebhookActivity = NO_ACTIVITY): WebhookView {
    const previousExpiresAt = toDate(row.previous_secret_expires_at);
    return {
      id: Number(row.id),
      url: url === 'whole' ? row.url : originOf(row.url),
      events: this.database.dialect.readJson<WebhookEventChoice[]>(row.events),
      secret: secret === 'shown' ? this.secrets.decrypt(row.secret_ciphertext) : null,
      active: Boolean(row.active),
      previous_secret_expires_at: previousExpiresAt && previousExpiresAt.getTime() > Date.now() ? previousExpiresAt.toISOString() : null,
      disabled_at: toDate(row.disabled_at)?.toISOString() ?? null,
      disabled_reason: row.disabled_reason,
      ...activity,
      created_at: isoTimestamp(row.created_at),
      updated_at: isoTimestamp(row.updated_at),
    };
  }
}
