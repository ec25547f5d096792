import { Inject, Injectable } from '@nestjs/common';
import { PreparedQuery, SchemaDatabase } from '@app/persistence';
import { RecentlyOpenedSecrets, SECRET_BOX, SecretBox } from '@app/security';
import { unrefreshableExpiry } from '../providers/oauth/oauth-tokens';
import { SessionChange, SessionStore } from '../providers/publish-provider';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';
import { OneAtATime } from './one-at-a-time';

export interface ConnectedAccount {
  accountId: number;
  workspaceUuid: string;
  provider: string;
  settings: Record<string, unknown>;
  credentials: Record<string, unknown>;
}

/** Connected accounts of schema `publisher`; settings, credentials and sessions are encrypted at rest. */
const accountById = new PreparedQuery(({ db }: SchemaDatabase<PublisherTables>, p: { accountId: number }) =>
  db.selectFrom('accounts').select(['account_id', 'workspace_uuid', 'provider', 'settings_encrypted', 'credentials_encrypted']).where('account_id', '=', p.accountId),
);

type PublisherDb = SchemaDatabase<PublisherTables>['db'];

@Injectable()
export class AccountCredentialStore {
  private readonly sessionChanges = new OneAtATime<number>();
  /** Settings and credentials opened once per burst of posts to an account. */
  private readonly opened: RecentlyOpenedSecrets;

  constructor(
    @Inject(PUBLISHER_DATABASE) private readonly database: SchemaDatabase<PublisherTables>,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {
    this.opened = new RecentlyOpenedSecrets(secrets);
  }

  /** Keeps an account, with the session its provider opened while verifying it (if any). */
  async save(account: ConnectedAccount, session: Record<string, unknown> | null = null): Promise<void> {
    const { db, dialect } = this.database;
    await db
      .insertInto('accounts')
      .values({
        account_id: account.accountId,
        workspace_uuid: account.workspaceUuid,
        provider: account.provider,
        settings_encrypted: this.secrets.encrypt(JSON.stringify(account.settings)),
        credentials_encrypted: this.secrets.encrypt(JSON.stringify(account.credentials)),
        session_encrypted: session ? this.secrets.encrypt(JSON.stringify(session)) : null,
        token_expires_at: unrefreshableExpiry(session),
        connected_at: dialect.now(),
      })
      .onConflict((conflict) =>
        conflict.column('account_id').doUpdateSet((eb) => ({
          workspace_uuid: eb.ref('excluded.workspace_uuid'),
          provider: eb.ref('excluded.provider'),
          settings_encrypted: eb.ref('excluded.settings_encrypted'),
          credentials_encrypted: eb.ref('excluded.credentials_encrypted'),
          session_encrypted: eb.ref('excluded.session_encrypted'),
          token_expires_at: eb.ref('excluded.token_expires_at'),
          connected_at: eb.ref('excluded.connected_at'),
        })),
      )
      .execute();
  }

  /** Returns whether the account was connected. */
  async remove(accountId: number, workspaceUuid: string): Promise<boolean> {
    const removed = await this.database.db
      .deleteFrom('accounts')
      .where('account_id', '=', accountId)
      .where('workspace_uuid', '=', workspaceUuid)
      .returning('account_id')
      .executeTakeFirst();
    return removed !== undefined;
  }

  /** The account with its secrets decrypted; throws when they cannot be decrypted (another key). */
  async find(accountId: number): Promise<ConnectedAccount | null> {
    const row = await accountById.first(this.database, { accountId });
    if (!row) return null;
    return {
      accountId: Number(row.account_id),
      workspaceUuid: row.workspace_uuid,
      provider: row.provider,
      settings: JSON.parse(this.opened.decrypt(row.settings_encrypted)) as Record<string, unknown>,
      credentials: JSON.parse(this.opened.decrypt(row.credentials_encrypted)) as Record<string, unknown>,
    };
  }

  /** The provider's session of one account, read and written where it is stored (replicas see each other's refreshes). */
  sessionOf(accountId: number): SessionStore {
    return {
      load: () => this.loadSession(this.database.db, accountId),
      save: (session) => this.saveSession(this.database.db, accountId, session),
      exclusively: (change) => this.sessionChanges.run(accountId, () => this.changeSession(accountId, change)),
    };
  }

  /**
   * One change of a session: in this process the changes of an account already run one at a time,
   * which is all there is with a database one process opens (embedded SQLite, where a transaction
   * held during a platform's call would hold the only connection). On a database replicas share,
   * the change runs in a transaction holding the account's session lock from the read to the save.
   */
  private async changeSession<T>(accountId: number, change: (stored: Record<string, unknown> | null) => Promise<SessionChange<T>>): Promise<T> {
    const { db, dialect } = this.database;
    const changeIn = async (tx: PublisherDb) => {
      const { result, save } = await change(await this.loadSession(tx, accountId));
      if (save) await this.saveSession(tx, accountId, save);
      return result;
    };
    if (dialect.singleProcess) return changeIn(db);
    return db.transaction().execute(async (tx) => {
      await dialect.transactionLock(tx, `publisher.accounts.session:${accountId}`);
      return changeIn(tx);
    });
  }

  private async loadSession(db: PublisherDb, accountId: number): Promise<Record<string, unknown> | null> {
    const row = await db.selectFrom('accounts').select('session_encrypted').where('account_id', '=', accountId).executeTakeFirst();
    return row?.session_encrypted ? (JSON.parse(this.secrets.decrypt(row.session_encrypted)) as Record<string, unknown>) : null;
  }

  private async saveSession(db: PublisherDb, accountId: number, session: Record<string, unknown>): Promise<void> {
    await db
      .updateTable('accounts')
      .set({ session_encrypted: this.secrets.encrypt(JSON.stringify(session)), token_expires_at: unrefreshableExpiry(session) })
      .where('account_id', '=', accountId)
      .execute();
  }
}
