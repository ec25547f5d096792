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

  /** The members of a workspace with their names, in the order they joined. */
  async membersOf(workspaceUuid: string): Promise<WorkspaceMember[]> {
    const rows = await this.database.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.name', 'users.email', 'memberships.role', 'memberships.can_approve'])
      .where('memberships.workspace_uuid', '=', workspaceUuid)
      .where('users.deleted_at', 'is', null)
      .orderBy('memberships.created_at')
      .orderBy('users.id')
      .execute();
    return rows.map((row) => ({ user_id: Number(row.id), name: row.name, email: row.email, role: row.role as MembershipRole, can_approve: Boolean(row.can_approve) }));
  }

  /** Changes a member's rights; false when the user is not a member of the workspace. */
  async change(workspaceUuid: string, userId: number, changes: { role?: MembershipRole; can_approve?: boolean }): Promise<boolean> {
    if (changes.role === undefined && changes.can_approve === undefined) return (await this.find(workspaceUuid, userId)) !== null;
    const row = await this.database.db
      .updateTable('memberships')
      .set({ ...(changes.role === undefined ? {} : { role: changes.role }), ...(changes.can_approve === undefined ? {} : { can_approve: changes.can_approve }) })
      .where('workspace_uuid', '=', workspaceUuid)
      .where('user_id', '=', userId)
      .returning('user_id')
      .executeTakeFirst();
    this.cache.clear();
    return row !== undefined;
  }

  /** Takes the workspace from the user at once (the next request of theirs finds no workspace); false when they were not a member. */
  async remove(workspaceUuid: string, userId: number): Promise<boolean> {
    const row = await this.database.db.deleteFrom('memberships').where('workspace_uuid', '=', workspaceUuid).where('user_id', '=', userId).returning('user_id').executeTakeFirst();
    this.cache.clear();
    return row !== undefined;
  }
}

/** A member as the panel lists them. */
export interface WorkspaceMember {
  user_id: number;
  name: string;
  email: string;
  role: MembershipRole;
  can_approve: boolean;
}
