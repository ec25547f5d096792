import { Inject, Injectable } from '@nestjs/common';
import { Selectable } from 'kysely';
import { isoTimestamp } from '@app/persistence';
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
  /** The posts that name the file (drafts, scheduled and published ones; never deleted ones). */
  used_by: string[];
  /** False while a post that is scheduled, waiting for approval or being published names the file. */
  deletable: boolean;
}

/** What the post rules need of a media file the body names. */
export interface MediaFact {
  mimeType: string;
  size: number;
  /** A video's duration, when its header told it at upload. */
  durationSeconds: number | null;
}

const MEDIA_COLUMNS = ['id', 'mime_type', 'size', 'width', 'height', 'created_at'] as const;

const recordOf = (row: Pick<Selectable<GatewayTables['media']>, (typeof MEDIA_COLUMNS)[number]>): MediaRecord => ({
  id: row.id,
  mime_type: row.mime_type,
  size: Number(row.size),
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
  created_at: isoTimestamp(row.created_at),
});

/** What the gateway knows of each workspace's uploaded media; the bytes are in the media store. */
@Injectable()
export class MediaRecordStore {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  async add(workspaceUuid: string, media: Omit<MediaRecord, 'created_at'>, durationSeconds: number | null = null): Promise<MediaRecord> {
    const row = await this.database.db
      .insertInto('media')
      .values({ ...media, workspace_uuid: workspaceUuid, duration_ms: durationSeconds === null ? null : Math.round(durationSeconds * 1000) })
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

  /** Which of these ids are media of the workspace (the others name nothing a post may show), with what the post rules read of each. */
  async existing(workspaceUuid: string, ids: readonly string[]): Promise<Map<string, MediaFact>> {
    if (ids.length === 0) return new Map();
    const rows = await this.database.db
      .selectFrom('media')
      .select(['id', 'mime_type', 'size', 'duration_ms'])
      .where('workspace_uuid', '=', workspaceUuid)
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, { mimeType: row.mime_type, size: Number(row.size), durationSeconds: row.duration_ms === null ? null : Number(row.duration_ms) / 1000 }]));
  }

  /** Removes the record, unless a scheduled post uses the media (checked in the same statement); whether it was removed. */
  async removeUnlessScheduled(workspaceUuid: string, id: string): Promise<boolean> {
    const { db } = this.database;
    const removed = await db
      .deleteFrom('media')
      .where('workspace_uuid', '=', workspaceUuid)
      .where('id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('media_post_uses')
              .innerJoin('media_posts', 'media_posts.post_uuid', 'media_post_uses.post_uuid')
              .select('media_post_uses.post_uuid')
              .where('media_post_uses.media_id', '=', id)
              .where('media_posts.scheduled', '=', true),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }
}
