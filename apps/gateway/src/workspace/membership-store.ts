import { Inject, Injectable } from '@nestjs/common';
import { AccessCache } from '../access/access-cache';
import type { Membership } from '../auth/authenticated-user';
import { GATEWAY_DATABASE, GatewayDatabase } from '../gateway-migrations';

export type MembershipRole = Membership['role'];

/** Who belongs to which workspace, with which rights; lookups answered from the access cache. */
@Injectable()
export class MembershipStore {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    private readonly cache: AccessCache,
  ) {}

  /** The user's rights in the workspace, or null when they are not a member (or it does not exist). */
  find(workspaceUuid: string, userId: number): Promise<Omit<Membership, 'workspaceUuid'> | null> {
    return this.cache.get(`membership:${workspaceUuid}:${userId}`, async () => {
      const row = await this.database.db
        .selectFrom('memberships')
        .select(['role', 'can_approve'])
        .where('workspace_uuid', '=', workspaceUuid)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { role: row.role as MembershipRole, canApprove: Boolean(row.can_approve) } : null;
    });
  }

  /** The workspaces the user is a member of, by name, with their rights in each. */
  async workspacesOf(userId: number): Promise<Array<{ uuid: string; name: string; role: MembershipRole; can_approve: boolean }>> {
    const rows = await this.database.db
      .selectFrom('memberships')
      .innerJoin('workspaces', 'workspaces.uuid', 'memberships.workspace_uuid')
      .select(['workspaces.uuid', 'workspaces.name', 'memberships.role', 'memberships.can_approve'])
      .where('memberships.user_id', '=', userId)
      .orderBy('workspaces.name')
      .execute();
    return rows.map((row) => ({ uuid: row.uuid, name: row.name, role: row.role as MembershipRole, can_approve: Boolean(row.can_approve) }));
  }

  /** Adds the user to the workspace, or changes their role in it. */
  async put(workspaceUuid: string, userId: number, role: MembershipRole, canApprove: boolean): Promise<void> {
    await this.database.db
      .insertInto('memberships')
      .values({ workspace_uuid: workspaceUuid, user_id: userId, role, can_approve: canApprove })
      .onConflict((conflict) => conflict.columns(['workspace_uuid', 'user_id']).doUpdateSet({ role, can_approve: canApprove }))
      .execute();
    this.cache.clear();
  }
}
