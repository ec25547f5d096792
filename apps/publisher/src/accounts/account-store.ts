import { Inject, Injectable } from '@nestjs/common';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { SECRET_BOX, SecretBox } from '@app/security';

export interface ConnectedAccount {
  accountId: number;
  workspaceUuid: string;
  provider: string;
  settings: Record<string, unknown>;
  credentials: Record<string, unknown>;
}

interface AccountRow {
  account_id: number;
  workspace_uuid: string;
  provider: string;
  settings_encrypted: string;
  credentials_encrypted: string;
}

/** Connected accounts of schema `publisher`; settings and credentials are encrypted at rest. */
@Injectable()
export class AccountStore {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  async save(account: ConnectedAccount): Promise<void> {
    await this.sql.query(
      `INSERT INTO publisher.accounts (account_id, workspace_uuid, provider, settings_encrypted, credentials_encrypted)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id) DO UPDATE SET workspace_uuid = EXCLUDED.workspace_uuid, provider = EXCLUDED.provider,
         settings_encrypted = EXCLUDED.settings_encrypted, credentials_encrypted = EXCLUDED.credentials_encrypted, connected_at = now()`,
      [
        account.accountId,
        account.workspaceUuid,
        account.provider,
        this.secrets.encrypt(JSON.stringify(account.settings)),
        this.secrets.encrypt(JSON.stringify(account.credentials)),
      ],
    );
  }

  /** Returns whether the account was connected. */
  async remove(accountId: number, workspaceUuid: string): Promise<boolean> {
    const rows = await this.sql.query('DELETE FROM publisher.accounts WHERE account_id = $1 AND workspace_uuid = $2 RETURNING account_id', [
      accountId,
      workspaceUuid,
    ]);
    return rows.length > 0;
  }

  /** The account with its secrets decrypted; throws when they cannot be decrypted (another key). */
  async find(accountId: number): Promise<ConnectedAccount | null> {
    const [row] = await this.sql.query<AccountRow>(
      'SELECT account_id, workspace_uuid, provider, settings_encrypted, credentials_encrypted FROM publisher.accounts WHERE account_id = $1',
      [accountId],
    );
    if (!row) return null;
    return {
      accountId: row.account_id,
      workspaceUuid: row.workspace_uuid,
      provider: row.provider,
      settings: JSON.parse(this.secrets.decrypt(row.settings_encrypted)) as Record<string, unknown>,
      credentials: JSON.parse(this.secrets.decrypt(row.credentials_encrypted)) as Record<string, unknown>,
    };
  }
}
