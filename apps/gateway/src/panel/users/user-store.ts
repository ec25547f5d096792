import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { AccessCache } from '../../access/access-cache';
import { TokenStore } from '../../auth/token-store';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';
import { UserView } from './user-view';

const USER_COLUMNS = ['id', 'name', 'email', 'is_admin'] as const;

const viewOf = (row: { id: number; name: string; email: string; is_admin: boolean | number }): UserView => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  is_admin: Boolean(row.is_admin),
});

/** The users who may call the API. A deleted user is kept, marked, so that ids are never reused. */
@Injectable()
export class UserStore {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    private readonly tokens: TokenStore,
    private readonly cache: AccessCache,
  ) {}

  async list(): Promise<UserView[]> {
    const rows = await this.database.db.selectFrom('users').select(USER_COLUMNS).where('deleted_at', 'is', null).orderBy('id').execute();
    return rows.map(viewOf);
  }

  async exists(id: number): Promise<boolean> {
    if (!Number.isSafeInteger(id)) return false;
    const row = await this.database.db.selectFrom('users').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return row !== undefined;
  }

  /** The new user, or null when a user with this email (in any letter case) exists. */
  async create(name: string, email: string, isAdmin: boolean): Promise<UserView | null> {
    // The unique index on lower(email) of live users settles races between two creations.
    const row = await this.database.db
      .insertInto('users')
      .values({ name, email, is_admin: isAdmin, deleted_at: null })
      .onConflict((conflict) => conflict.expression(sql`lower(email)`).where('deleted_at', 'is', null).doNothing())
      .returning(USER_COLUMNS)
      .executeTakeFirst();
    return row ? viewOf(row) : null;
  }

  /** Marks the user deleted, revokes their tokens and removes their memberships; false when there was no such user. */
  async delete(id: number): Promise<boolean> {
    const { db, dialect } = this.database;
    const deleted = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('users')
        .set({ deleted_at: dialect.now() })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      await this.tokens.revokeAllOf(id, tx);
      await tx.deleteFrom('memberships').where('user_id', '=', id).execute();
      return true;
    });
    this.cache.clear();
    return deleted;
  }
}
