import { Inject, Injectable } from '@nestjs/common';
import { PreparedQuery } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';

const mediaPostRow = new PreparedQuery(({ db }: GatewayDatabase, p: { postUuid: string }) =>
  db.selectFrom('media_posts').select('post_uuid').where('post_uuid', '=', p.postUuid),
);

/** The media a post holds after a post event (none when it is not about to be published). */
export interface MediaUseChange {
  postUuid: string;
  revision: number;
  mediaIds: readonly string[];
}

/**
 * Which media each post holds, kept from post events: a media file a scheduled post uses may not
 * be deleted. A message whose revision was already applied (at-least-once delivery, or an older
 * one arriving late) changes nothing. A post that has never held media has no row: most posts'
 * events cost one read here, not a transaction of writes (messages of a post arrive in order, so a
 * redelivered older message is always followed by the newer ones again).
 */
@Injectable()
export class MediaUses {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  async apply({ postUuid, revision, mediaIds }: MediaUseChange): Promise<void> {
    if (mediaIds.length === 0 && !(await this.hasRow(postUuid))) return;
    await this.database.db.transaction().execute(async (tx) => {
      const post = await tx.selectFrom('media_posts').select('revision').where('post_uuid', '=', postUuid).executeTakeFirst();
      if (post && Number(post.revision) >= revision) return;
      const holding = mediaIds.length > 0;
      await tx
        .insertInto('media_posts')
        .values({ post_uuid: postUuid, revision, scheduled: holding })
        .onConflict((conflict) => conflict.column('post_uuid').doUpdateSet({ revision, scheduled: holding }))
        .execute();
      await tx.deleteFrom('media_post_uses').where('post_uuid', '=', postUuid).execute();
      if (holding) {
        await tx
          .insertInto('media_post_uses')
          .values([...new Set(mediaIds)].map((mediaId) => ({ post_uuid: postUuid, media_id: mediaId })))
          .execute();
      }
    });
  }

  private async hasRow(postUuid: string): Promise<boolean> {
    const row = await mediaPostRow.first(this.database, { postUuid });
    return row !== undefined;
  }
}
