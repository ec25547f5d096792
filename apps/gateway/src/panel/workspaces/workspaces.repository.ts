import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';
import { WorkspaceView, workspaceViewOf } from './workspace-view';

/** The workspaces, which own accounts and posts. */
@Injectable()
export class WorkspacesRepository {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  async list(): Promise<WorkspaceView[]> {
    const rows = await this.database.db.selectFrom('workspaces').select(['uuid', 'name', 'created_at']).orderBy('created_at').orderBy('uuid').execute();
    return rows.map(workspaceViewOf);
  }

  async create(name: string): Promise<WorkspaceView> {
    const row = await this.database.db
      .insertInto('workspaces')
      .values({ uuid: randomUUID(), name, created_at: new Date() })
      .returning(['uuid', 'name', 'created_at'])
      .executeTakeFirstOrThrow();
    return workspaceViewOf(row);
  }

  /** The workspace's uuid as stored, or null when there is none with this uuid. */
  async find(uuid: string): Promise<string | null> {
    const row = await this.database.db.selectFrom('workspaces').select('uuid').where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
    return row?.uuid ?? null;
  }
}
