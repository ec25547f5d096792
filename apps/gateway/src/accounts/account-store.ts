import { Inject, Injectable } from '@nestjs/common';
import { AccountSnapshot } from '@app/domain';
import { platformOf } from '@app/platforms';
import { Kysely, Selectable } from 'kysely';
import { isoTimestamp, PreparedQuery, SqlDialect } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase, GatewayTables } from '../gateway-migrations';

/** The Account resource of the HTTP API. Credentials live with the publisher, never here. */
export interface AccountView {
  id: number;
  provider: string;
  name: string;
  username: string | null;
  authorized: boolean;
  /** The account's picture on its platform, as reported at connect; null when it told none. */
  avatar_url: string | null;
  /** When the account's token expires, if it cannot be refreshed and expires within ACCOUNT_EXPIRY_WARNING_DAYS (as `account.token_expiring` announced); else null. */
  token_expires_at: string | null;
  created_at: string;
  /** The account's own text limit where it narrows its platform's (a Mastodon instance's `max_characters`), else null. */
  limits: { text: number | null } | null;
  /** The choices the account offers for an option, where they differ from its platform's (a TikTok creator's privacy levels). */
  options: Record<string, readonly string[]>;
}

const ACCOUNT_COLUMNS = ['id', 'provider', 'name', 'username', 'authorized', 'avatar_url', 'token_expires_at', 'created_at', 'max_characters', 'rule_settings'] as const;

type AccountRow = Selectable<GatewayTables['accounts']>;

export interface PostTargets {
  accounts: Map<number, AccountSnapshot>;
  /**
   * Account id -> the settings its platform reported at connect that the gateway keeps, for the
   * platforms' rules of a post body: Mastodon's `max_characters` (the instance's text limit).
   */
  accountSettings: Map<number, Record<string, unknown>>;
}

/** Writes the news of an account's change in the transaction that makes it (see AccountNews). */
export type AccountChangeNews = (tx: Kysely<GatewayTables>, workspaceUuid: string, account: AccountView) => Promise<void>;

/** What a provider reported at connect that the platform's rules read at schedule time. */
export interface ReportedSettings {
  maxCharacters: number | null;
  ruleSettings: Record<string, unknown>;
  /** The account's picture; absent keeps the one stored. */
  avatarUrl?: string | null;
}

export interface NewAccount {
  workspaceUuid: string;
  provider: string;
  name: string;
  username: string | null;
}

/** The workspace's accounts shown (read on every GET of its accounts: prepared). */
const shownAccounts = new PreparedQuery(({ db }: GatewayDatabase, p: { workspaceUuid: string }) =>
  db.selectFrom('accounts').select(ACCOUNT_COLUMNS).where('workspace_uuid', '=', p.workspaceUuid).where('deleted_at', 'is', null).orderBy('id'),
);

/** What a post records of the workspace's accounts and what their platforms reported (read on every post written: prepared). */
const targetAccounts = new PreparedQuery(({ db }: GatewayDatabase, p: { workspaceUuid: string }) =>
  db
    .selectFrom('accounts')
    .select(['id', 'provider', 'name', 'username', 'max_characters', 'rule_settings'])
    .where('workspace_uuid', '=', p.workspaceUuid)
    .where('deleted_at', 'is', null)
    .orderBy('id'),
);

/** What the platform reported of an account at connect that its rules read (Mastodon's `max_characters` has a column of its own). */
function settingsOf(row: Pick<AccountRow, 'max_characters' | 'rule_settings'>, dialect: SqlDialect): Record<string, unknown> {
  return {
    ...(row.rule_settings === null ? {} : dialect.readJson<Record<string, unknown>>(row.rule_settings)),
    ...(row.max_characters !== null && { max_characters: Number(row.max_characters) }),
  };
}

function viewOf(row: Pick<AccountRow, (typeof ACCOUNT_COLUMNS)[number]>, dialect: SqlDialect): AccountView {
  const narrowing = platformOf(row.provider)?.narrowing({ provider: row.provider, settings: settingsOf(row, dialect) });
  return {
    id: Number(row.id),
    provider: row.provider,
    name: row.name,
    username: row.username,
    authorized: Boolean(row.authorized),
    avatar_url: row.avatar_url ?? null,
    token_expires_at: row.token_expires_at ? isoTimestamp(row.token_expires_at) : null,
    created_at: isoTimestamp(row.created_at),
    limits: narrowing?.limits ?? null,
    options: narrowing?.options ?? {},
  };
}

/**
 * The accounts of each workspace, as the gateway knows them; deleted ones are kept, marked. An
 * account being connected is reserved first (hidden, as if deleted) so that the publisher can
 * store its credentials under its id, then shown once the publisher has them.
 */
@Injectable()
export class AccountStore {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  async list(workspaceUuid: string): Promise<AccountView[]> {
    const rows = await shownAccounts.rows(this.database, { workspaceUuid });
    return rows.map((row) => viewOf(row, this.database.dialect));
  }

  async find(workspaceUuid: string, id: number): Promise<AccountView | null> {
    const row = await this.database.db
      .selectFrom('accounts')
      .select(ACCOUNT_COLUMNS)
      .where('workspace_uuid', '=', workspaceUuid)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ? viewOf(row, this.database.dialect) : null;
  }

  /** The accounts a post of this workspace may target: what a post records of each, and what their platforms reported at connect. */
  async postTargets(workspaceUuid: string): Promise<PostTargets> {
    const rows = await targetAccounts.rows(this.database, { workspaceUuid });
    const accounts = new Map<number, AccountSnapshot>();
    const accountSettings = new Map<number, Record<string, unknown>>();
    for (const row of rows) {
      const id = Number(row.id);
      accounts.set(id, { id, provider: row.provider, name: row.name, username: row.username });
      const settings = settingsOf(row, this.database.dialect);
      if (Object.keys(settings).length > 0) accountSettings.set(id, settings);
    }
    return { accounts, accountSettings };
  }

  /** Reserves an id for an account about to be connected; it stays hidden until `connected`. */
  async reserve(account: NewAccount): Promise<number> {
    const { db, dialect } = this.database;
    const row = await db
      .insertInto('accounts')
      .values({
        workspace_uuid: account.workspaceUuid,
        provider: account.provider,
        name: account.name,
        username: account.username,
        authorized: false,
        deleted_at: dialect.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /**
   * Shows a reserved account, now that the publisher holds its credentials; `names` replace the
   * reserved ones, and `reported` holds what the provider reported that the platform's rules read
   * at schedule time (Mastodon's text limit, a TikTok creator's privacy levels, a default board),
   * and the account's picture.
   */
  async connected(id: number, authorized: boolean, names?: { name: string; username: string | null }, reported: ReportedSettings = { maxCharacters: null, ruleSettings: {} }, tell?: AccountChangeNews): Promise<AccountView> {
    const { dialect } = this.database;
    const ruleSettings = Object.keys(reported.ruleSettings).length > 0 ? dialect.json(reported.ruleSettings) : null;
    return this.database.db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('accounts')
        .set({
          deleted_at: null,
          authorized,
          // A new token: its expiry, if near, is announced again.
          token_expires_at: null,
          max_characters: reported.maxCharacters,
          rule_settings: ruleSettings,
          ...names,
          ...(reported.avatarUrl !== undefined && { avatar_url: reported.avatarUrl }),
        })
        .where('id', '=', id)
        .returning([...ACCOUNT_COLUMNS, 'workspace_uuid'])
        .executeTakeFirstOrThrow();
      const account = viewOf(row, dialect);
      await tell?.(tx, row.workspace_uuid, account);
      return account;
    });
  }

  /** Shows an account whose credentials a platform refused as not authorized; false when there is no such account. */
  async authorizationLost(workspaceUuid: string, id: number): Promise<boolean> {
    const row = await this.database.db
      .updateTable('accounts')
      .set({ authorized: false })
      .where('workspace_uuid', '=', workspaceUuid)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Shows when the account's token, which cannot be refreshed, expires; false when there is no such account. */
  async tokenExpiring(workspaceUuid: string, id: number, expiresAt: string): Promise<boolean> {
    const row = await this.database.db
      .updateTable('accounts')
      .set({ token_expires_at: new Date(expiresAt) })
      .where('workspace_uuid', '=', workspaceUuid)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Removes the account from the registry (kept, marked); false when there is no such account, or it was removed already. */
  async markDeleted(workspaceUuid: string, id: number, tell?: AccountChangeNews): Promise<boolean> {
    const { dialect } = this.database;
    return this.database.db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('accounts')
        .set({ deleted_at: dialect.now() })
        .where('workspace_uuid', '=', workspaceUuid)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning(ACCOUNT_COLUMNS)
        .executeTakeFirst();
      if (row) await tell?.(tx, workspaceUuid, viewOf(row, dialect));
      return row !== undefined;
    });
  }
}
