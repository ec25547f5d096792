export interface WorkspaceView {
  uuid: string;
  name: string;
  created_at: string;
}

export const workspaceViewOf = (row: { uuid: string; name: string; created_at: Date | string }): WorkspaceView => ({
  uuid: row.uuid,
  name: row.name,
  created_at: new Date(row.created_at).toISOString(),
});
