import type { OwnMembershipView } from '../../workspace/own-membership/own-membership.controller';

export interface WorkspaceView {
  uuid: string;
  name: string;
  created_at: string;
}

/** A workspace as its creation answers it: with the creator's rights in it (admin, may approve). */
export interface CreatedWorkspaceView extends WorkspaceView {
  membership: OwnMembershipView;
}

export const workspaceViewOf = (row: { uuid: string; name: string; created_at: Date | string }): WorkspaceView => ({
  uuid: row.uuid,
  name: row.name,
  created_at: new Date(row.created_at).toISOString(),
});
