import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AccessCache } from '../../access/access-cache';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';
import { CreatedWorkspaceView, WorkspaceView, workspaceViewOf } from './workspace-view';

/** The workspaces, which own accounts and posts. A deleted one is kept, marked, and found by no method here. */
@Injectable()
export class WorkspaceStore {
  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    private readonly cache: AccessCache,
  ) {}

  async list(): Promise<WorkspaceView[]> {
    const rows = await this.database.db
      .selectFrom('workspaces')
      .select(['uuid', 'name', 'created_at'])
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('uuid')
      .execute();
    return rows.map(workspaceViewOf);
  }

  /** A new workspace, with the user who creates it as its first member: an admin who may approve posts. */
  async create(name: string, creatorUserId: number): Promise<CreatedWorkspaceView> {
    const rights = { role: 'admin', can_approve: true } as const;
    const row = await this.database.db.transaction().execute(async (tx) => {
      const workspace = await tx
        .insertInto('workspaces')
        .values({ uuid: randomUUID(), name, created_at: new Date() })
        .returning(['uuid', 'name', 'created_at'])
        .executeTakeFirstOrThrow();
      await tx.insertInto('memberships').values({ workspace_uuid: workspace.uuid, user_id: creatorUserId, ...rights }).execute();
      return workspace;
    });
    return { ...workspaceViewOf(row), membership: { workspace_uuid: row.uuid, ...rights } };
  }

  /** The workspace's uuid as stored, or null when there is none with this uuid. */
  async find(uuid: string): Promise<string | null> {
    const row = await this.database.db.selectFrom('workspaces').select('uuid').where('uuid', '=', uuid.toLowerCase()).where('deleted_at', 'is', null).executeTakeFirst();
    return row?.uuid ?? null;
  }

  /** The workspace with its new name, or null when there is none with this uuid. */
  async rename(uuid: string, name: string): Promise<WorkspaceView | null> {
    const row = await this.database.db
      .updateTable('workspaces')
      .set({ name })
      .where('uuid', '=', uuid.toLowerCase())
      .where('deleted_at', 'is', null)
      .returning(['uuid', 'name', 'created_at'])
      .executeTakeFirst();
    return row ? workspaceViewOf(row) : null;
  }

  /**
   * Marks the workspace deleted and removes its memberships, so that it answers 404 to everyone
   * from the next request on; false when there was none with this uuid.
   */
  async markDeleted(uuid: string): Promise<boolean> {
    const { db, dialect } = this.database;
    const deleted = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('workspaces')
        .set({ deleted_at: dialect.now() })
        .where('uuid', '=', uuid.toLowerCase())
        .where('deleted_at', 'is', null)
        .returning('uuid')
        .executeTakeFirst();
      if (!row) return false;
      await tx.deleteFrom('memberships').where('workspace_uuid', '=', row.uuid).execute();
      return true;
    });
    this.cache.clear();
    return deleted;
  }
}
