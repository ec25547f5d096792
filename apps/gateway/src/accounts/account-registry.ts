import { Inject, Injectable } from '@nestjs/common';
import type { AccountSnapshot } from '@app/domain';
import { SQL_CLIENT, SqlClient } from '@app/persistence';

/** The Account resource of the HTTP API. Credentials live with the publisher, never here. */
export interface AccountView {
  id: number;
  provider: string;
  name: string;
  username: string | null;
  authorized: boolean;
  created_at: string;
}

interface AccountRow {
  id: number;
  provider: string;
  name: string;
  username: string | null;
  authorized: boolean;
  created_at: Date;
}

export interface NewAccount {
  id: number;
  workspaceUuid: string;
  provider: string;
  name: string;
  username: string | null;
  authorized: boolean;
}

const viewOf = (row: AccountRow): AccountView => ({ ...row, created_at: new Date(row.created_at).toISOString() });

/** The accounts of each workspace, as the gateway knows them; deleted ones are kept, marked. */
@Injectable()
export class AccountRegistry {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async list(workspaceUuid: string): Promise<AccountView[]> {
    const rows = await this.sql.query<AccountRow>(
      `SELECT id, provider, name, username, authorized, created_at FROM gateway.accounts
        WHERE workspace_uuid = $1 AND deleted_at IS NULL ORDER BY id`,
      [workspaceUuid],
    );
    return rows.map(viewOf);
  }

  async find(workspaceUuid: string, id: number): Promise<AccountView | null> {
    const [row] = await this.sql.query<AccountRow>(
      `SELECT id, provider, name, username, authorized, created_at FROM gateway.accounts
        WHERE workspace_uuid = $1 AND id = $2 AND deleted_at IS NULL`,
      [workspaceUuid, id],
    );
    return row ? viewOf(row) : null;
  }

  /** What a post records of each account it targets, by id. */
  async snapshots(workspaceUuid: string): Promise<Map<number, AccountSnapshot>> {
    const accounts = await this.list(workspaceUuid);
    return new Map(accounts.map(({ id, provider, name, username }) => [id, { id, provider, name, username }]));
  }

  /** An id for an account about to be connected: the publisher stores its credentials under it first. */
  async reserveId(): Promise<number> {
    const [row] = await this.sql.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('gateway.accounts', 'id')) AS id`);
    return Number(row.id);
  }

  async add(account: NewAccount): Promise<AccountView> {
    const [row] = await this.sql.query<AccountRow>(
      `INSERT INTO gateway.accounts (id, workspace_uuid, provider, name, username, authorized) VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING id, provider, name, username, authorized, created_at`,
      [account.id, account.workspaceUuid, account.provider, account.name, account.username, account.authorized],
    );
    return viewOf(row);
  }

  async markDeleted(workspaceUuid: string, id: number): Promise<boolean> {
    const rows = await this.sql.query(
      `UPDATE gateway.accounts SET deleted_at = now() WHERE workspace_uuid = $1 AND id = $2 AND deleted_at IS NULL RETURNING id`,
      [workspaceUuid, id],
    );
    return rows.length > 0;
  }
}
