import { Inject, Injectable } from '@nestjs/common';
import { PreparedQuery } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';

const mediaPostRow = new PreparedQuery(({ db }: GatewayDatabase, p: { postUuid: string }) =>
  db.selectFrom('media_posts').select('post_uuid').where('post_uuid', '=', p.postUuid),
);

/** The media a post names after a post event (none once it is deleted), and whether it holds them. */
export interface MediaUseChange {
  postUuid: string;
  revision: number;
  mediaIds: readonly string[];
  /** The post is about to be published (or being published): its media may not be deleted. */
  holding: boolean;
}

/** What the library tells of a media file's uses. */
export interface MediaUse {
  /** The posts that name it. */
  usedBy: string[];
  /** One of them is scheduled, waits for approval or is being published: the file may not be deleted. */
  held: boolean;
}

/**
 * Which media each post names, kept from post events: the library's "where used", and the media a
 * scheduled post holds, which may not be deleted (`media_posts.scheduled`). A message whose
 * revision was already applied (at-least-once delivery, or an older one arriving late) changes
 * nothing. A post that has never named media has no row: most posts' events cost one read here,
 * not a transaction of writes (messages of a post arrive in order, so a redelivered older message
 * is always followed by the newer ones again).
 */
@Injectable()
export class MediaUses {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  async apply({ postUuid, revision, mediaIds, holding }: MediaUseChange): Promise<void> {
    if (mediaIds.length === 0 && !(await this.hasRow(postUuid))) return;
    await this.database.db.transaction().execute(async (tx) => {
      const post = await tx.selectFrom('media_posts').select('revision').where('post_uuid', '=', postUuid).executeTakeFirst();
      if (post && Number(post.revision) >= revision) return;
      const scheduled = holding && mediaIds.length > 0;
      await tx
        .insertInto('media_posts')
        .values({ post_uuid: postUuid, revision, scheduled })
        .onConflict((conflict) => conflict.column('post_uuid').doUpdateSet({ revision, scheduled }))
        .execute();
      await tx.deleteFrom('media_post_uses').where('post_uuid', '=', postUuid).execute();
      if (mediaIds.length > 0) {
        await tx
          .insertInto('media_post_uses')
          .values([...new Set(mediaIds)].map((mediaId) => ({ post_uuid: postUuid, media_id: mediaId })))
          .execute();
      }
    });
  }

  /** Media id -> the posts that name it (any status but deleted), and whether one of them holds it, for the ids given. */
  async usesOf(mediaIds: readonly string[]): Promise<Map<string, MediaUse>> {
    const uses = new Map<string, MediaUse>(mediaIds.map((id) => [id, { usedBy: [], held: false }]));
    if (mediaIds.length === 0) return uses;
    const rows = await this.database.db
      .selectFrom('media_post_uses')
      .innerJoin('media_posts', 'media_posts.post_uuid', 'media_post_uses.post_uuid')
      .select(['media_post_uses.media_id', 'media_post_uses.post_uuid', 'media_posts.scheduled'])
      .where('media_post_uses.media_id', 'in', [...new Set(mediaIds)])
      .orderBy('media_post_uses.media_id')
      .orderBy('media_post_uses.post_uuid')
      .execute();
    for (const row of rows) {
      const use = uses.get(row.media_id);
      if (!use) continue;
      use.usedBy.push(row.post_uuid);
      use.held ||= Boolean(row.scheduled);
    }
    return uses;
  }

  private async hasRow(postUuid: string): Promise<boolean> {
    const row = await mediaPostRow.first(this.database, { postUuid });
    return row !== undefined;
  }
}
