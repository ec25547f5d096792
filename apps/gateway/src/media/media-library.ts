import { Inject, Injectable } from '@nestjs/common';
import { Selectable, sql } from 'kysely';
import type { PostStatus, PostView } from '@app/contracts';
import { toDate } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase, GatewayTables } from '../gateway-migrations';

/** The Media resource of the HTTP API, without its `url` (which depends on where the API is reached). */
export interface MediaRecord {
  id: string;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  created_at: string;
}

export interface MediaView extends MediaRecord {
  url: string;
}

/** The posts whose media stay: scheduled, waiting for approval, being published. */
const HOLDING_STATUSES: PostStatus[] = ['scheduled', 'needs_approval', 'publishing'];

const MEDIA_COLUMNS = ['id', 'mime_type', 'size', 'width', 'height', 'created_at'] as const;

const recordOf = (row: Pick<Selectable<GatewayTables['media']>, (typeof MEDIA_COLUMNS)[number]>): MediaRecord => ({
  id: row.id,
  mime_type: row.mime_type,
  size: Number(row.size),
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
  created_at: toDate(row.created_at).toISOString(),
});

/** What the gateway knows of each workspace's uploaded media; the bytes are in the media store. */
@Injectable()
export class MediaLibrary {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  async add(workspaceUuid: string, media: Omit<MediaRecord, 'created_at'>): Promise<MediaRecord> {
    const row = await this.database.db
      .insertInto('media')
      .values({ ...media, workspace_uuid: workspaceUuid })
      .returning(MEDIA_COLUMNS)
      .executeTakeFirstOrThrow();
    return recordOf(row);
  }

  /** Newest first. */
  async list(workspaceUuid: string): Promise<MediaRecord[]> {
    const rows = await this.database.db
      .selectFrom('media')
      .select(MEDIA_COLUMNS)
      .where('workspace_uuid', '=', workspaceUuid)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(recordOf);
  }

  async find(workspaceUuid: string, id: string): Promise<MediaRecord | null> {
    const row = await this.database.db.selectFrom('media').select(MEDIA_COLUMNS).where('workspace_uuid', '=', workspaceUuid).where('id', '=', id).executeTakeFirst();
    return row ? recordOf(row) : null;
  }

  /** Which of these ids are media of the workspace (the others name nothing a post may show). */
  async existing(workspaceUuid: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.database.db.selectFrom('media').select('id').where('workspace_uuid', '=', workspaceUuid).where('id', 'in', [...new Set(ids)]).execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Whether a post of the workspace that is scheduled, waiting for approval or being published names
   * this media, as the posts read model shows it (a text search narrows the rows, the versions decide).
   */
  async usedByScheduledPost(workspaceUuid: string, id: string): Promise<boolean> {
    const { db, dialect } = this.database;
    const rows = await db
      .selectFrom('posts')
      .select('view')
      .where('workspace_uuid', '=', workspaceUuid)
      .where('deleted', '=', false)
      .where('status', 'in', HOLDING_STATUSES)
      .where(sql<string>`cast(${sql.ref('view')} as text)`, 'like', `%${id}%`)
      .execute();
    return rows.some((row) => dialect.readJson<PostView>(row.view).versions.some((version) => version.content.some((item) => item.media.includes(id))));
  }

  async remove(workspaceUuid: string, id: string): Promise<void> {
    await this.database.db.deleteFrom('media').where('workspace_uuid', '=', workspaceUuid).where('id', '=', id).execute();
  }
}
