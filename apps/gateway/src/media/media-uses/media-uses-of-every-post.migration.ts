import type { PostView } from '@app/contracts';
import type { SchemaMigration } from '@app/persistence';

/** Posts read per round of the migration. */
const BATCH = 500;

/** The states in which a post holds its media (as the consumer of post events keeps them). */
const HOLDING = new Set(['needs_approval', 'scheduled', 'publishing']);

/**
 * MediaUses kept only the media of posts about to be published; it now keeps those of every post
 * (the library's "where used"). This fills in the drafts, failed and published posts that name
 * media, from the posts read model, where the read model has seen a later revision of the post
 * than the uses (a post whose uses are as recent stays as it is).
 */
export const mediaUsesOfEveryPostMigration: SchemaMigration = {
  id: '020-media-uses-of-every-post',
  up: async (db, dialect) => {
    let after = '';
    for (;;) {
      const posts = (await db
        .selectFrom('posts')
        .select(['uuid', 'revision', 'status', 'view'])
        .where('deleted', '=', false)
        .where('uuid', '>', after)
        .orderBy('uuid')
        .limit(BATCH)
        .execute()) as { uuid: string; revision: number | string; status: string; view: unknown }[];
      if (posts.length === 0) return;
      after = posts[posts.length - 1].uuid;
      for (const post of posts) {
        const view = dialect.readJson<PostView>(post.view);
        const mediaIds = [...new Set(view.versions.flatMap((version) => version.content.flatMap((item) => item.media)))];
        if (mediaIds.length === 0) continue;
        const revision = Number(post.revision);
        const known = (await db.selectFrom('media_posts').select('revision').where('post_uuid', '=', post.uuid).executeTakeFirst()) as { revision: number | string } | undefined;
        if (known && Number(known.revision) >= revision) continue;
        const scheduled = HOLDING.has(post.status);
        await db
          .insertInto('media_posts')
          .values({ post_uuid: post.uuid, revision, scheduled })
          .onConflict((conflict) => conflict.column('post_uuid').doUpdateSet({ revision, scheduled }))
          .execute();
        await db.deleteFrom('media_post_uses').where('post_uuid', '=', post.uuid).execute();
        await db
          .insertInto('media_post_uses')
          .values(mediaIds.map((mediaId) => ({ post_uuid: post.uuid, media_id: mediaId })))
          .execute();
      }
    }
  },
};
