import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_DATABASE, GatewayDatabase } from '../../gateway-migrations';

/** A post as far as its media go: the ids its versions name, and whether it is scheduled. */
export type MediaUseChange =
  | { kind: 'content'; postUuid: string; revision: number; mediaIds: readonly string[] }
  | { kind: 'scheduled'; postUuid: string; revision: number; scheduled: boolean }
  | { kind: 'gone'; postUuid: string; revision: number };

/**
 * Which media each post names and whether the post is scheduled, kept from post events: a media
 * file a scheduled post uses may not be deleted. Posts that name no media are not kept. An event
 * whose revision was already applied (at-least-once delivery) changes nothing.
 */
@Injectable()
export class MediaUses {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  async apply(change: MediaUseChange): Promise<void> {
    await this.database.db.transaction().execute(async (tx) => {
      const post = await tx.selectFrom('media_posts').select(['revision', 'scheduled']).where('post_uuid', '=', change.postUuid).executeTakeFirst();
      if (post && Number(post.revision) >= change.revision) return;
      if (change.kind === 'gone' || (change.kind === 'content' && change.mediaIds.length === 0)) {
        await tx.deleteFrom('media_post_uses').where('post_uuid', '=', change.postUuid).execute();
        await tx.deleteFrom('media_posts').where('post_uuid', '=', change.postUuid).execute();
        return;
      }
      if (change.kind === 'scheduled') {
        // A post that names no media has nothing to hold.
        if (post) await tx.updateTable('media_posts').set({ revision: change.revision, scheduled: change.scheduled }).where('post_uuid', '=', change.postUuid).execute();
        return;
      }
      // New content makes the post a draft until a scheduling event follows.
      await tx
        .insertInto('media_posts')
        .values({ post_uuid: change.postUuid, revision: change.revision, scheduled: false })
        .onConflict((conflict) => conflict.column('post_uuid').doUpdateSet({ revision: change.revision, scheduled: false }))
        .execute();
      await tx.deleteFrom('media_post_uses').where('post_uuid', '=', change.postUuid).execute();
      await tx
        .insertInto('media_post_uses')
        .values([...new Set(change.mediaIds)].map((mediaId) => ({ post_uuid: change.postUuid, media_id: mediaId })))
        .execute();
    });
  }
}
