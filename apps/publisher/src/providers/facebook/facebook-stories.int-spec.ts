import { randomUUID } from 'node:crypto';
import { facebookUnderTest, PageConnection } from '@test/providers/facebook/facebook-test-setup';
import { mp4Media, pngMedia, request, SampleMedia } from '@test/providers/support/provider-scenarios';
import { PublisherTablesOnSqlite } from '@test/providers/support/publisher-on-sqlite';
import { ProviderConnection } from '../publish-provider';

jest.setTimeout(60_000);

/** A request of a Page story's publish: a step of it, by path. */
interface StoryStep {
  name: string;
  path: RegExp;
}

/**
 * Stories of a Page against the local Graph API. A story shows its media only, so the scenario
 * suites, which find a post by its text, cannot count them: these count the Page's stories.
 */
describe('FacebookProvider: stories', () => {
  const local = facebookUnderTest();

  const pageOf = (account: PageConnection) => String(account.settings.page_id);
  const storyRequest = (account: ProviderConnection, media: SampleMedia) => ({ ...request(account, 'Not shown: a story has no text', undefined, [media]), options: { facebook: { type: 'story' } } });

  it('publishes an image as a photo story (an unpublished photo, then photo_stories); its address is the one the Page’s stories give', async () => {
    const account = await local.setup.connection(local.facebook);
    const image = await local.setup.media.serve(pngMedia(90, 160));
    const outcome = await local.facebook.publish(storyRequest(account, image));
    expect(outcome).toEqual({ kind: 'published', externalId: expect.stringMatching(/^\d+_\d+$/), externalUrl: expect.stringMatching(new RegExp(`^https://www\\.facebook\\.com/stories/${pageOf(account)}/\\d+$`)) });
    expect(local.setup.api.storiesOf(pageOf(account))).toEqual([{ postId: (outcome as { externalId: string }).externalId, mediaType: 'photo', bytes: image.bytes }]);
    expect(local.setup.api.textsOf(pageOf(account))).toEqual([]);
  });

  it('publishes a video as a video story (an upload session, the hosted file, finish), once processed', async () => {
    const account = await local.setup.connection(local.facebook);
    const video = await local.setup.media.serve(mp4Media());
    const outcome = await local.facebook.publish(storyRequest(account, video));
    expect(outcome).toMatchObject({ kind: 'published', externalUrl: expect.stringMatching(/^https:\/\/www\.facebook\.com\/stories\//) });
    expect(local.setup.api.storiesOf(pageOf(account))).toEqual([{ postId: (outcome as { externalId: string }).externalId, mediaType: 'video', bytes: video.bytes }]);
  });

  it('deletes a story', async () => {
    const account = await local.setup.connection(local.facebook);
    const outcome = await local.facebook.publish(storyRequest(account, await local.setup.media.serve(pngMedia(9, 16))));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await local.facebook.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(local.setup.api.storiesOf(pageOf(account))).toEqual([]);
  });

  const photoSteps: StoryStep[] = [
    { name: 'the unpublished photo', path: /^\/v21\.0\/\d+\/photos$/ },
    { name: 'photo_stories', path: /^\/v21\.0\/\d+\/photo_stories$/ },
  ];
  const videoSteps: StoryStep[] = [
    { name: 'the upload session (start)', path: /\/video_stories\?upload_phase=start$/ },
    { name: 'the upload of the hosted file', path: /^\/video-upload\/v21\.0\/\d+$/ },
    { name: 'the publish request (finish)', path: /\/video_stories\?upload_phase=finish/ },
    { name: 'a look at its status', path: /^\/v21\.0\/\d+\?fields=status$/ },
  ];
  describe.each([
    ['a photo story', () => pngMedia(90, 160), photoSteps],
    ['a video story', () => mp4Media(), videoSteps],
  ] as const)('%s cut off', (_, sample, steps) => {
    for (const step of steps) {
      it(`at ${step.name}, its answer lost: made again with its journal, the story is on the Page once`, async () => {
        const account = await local.setup.connection(local.facebook);
        const same = storyRequest(account, await local.setup.media.serve(sample()));
        local.setup.proxy.failNext(step.path, { hangAfterForward: true });
        let outcome = await local.facebook.publish(same);
        for (let tries = 0; outcome.kind !== 'published' && tries < 3; tries++) {
          expect(outcome.kind).toMatch(/^(retry_later|unknown)$/);
          outcome = await local.facebook.publish(same);
        }
        expect(outcome).toMatchObject({ kind: 'published' });
        expect(local.setup.api.storiesOf(pageOf(account))).toHaveLength(1);
      });

      it(`at ${step.name} by a crash: a restarted publisher resumes from the journal, the story is on the Page once`, async () => {
        const tables = await PublisherTablesOnSqlite.open();
        try {
          const account = await local.setup.connection(local.facebook);
          const stored = await tables.keep(local.facebook, account);
          const media = await local.setup.media.serve(sample());
          const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
          const version = { account_id: 0, is_original: true, content: [{ body: '', media: [media.id] }], options: { facebook: { type: 'story' } } };
          const snapshot = { id: account.accountId, provider: 'facebook', name: 'Crash test', username: null };
          // The process that crashed: it journaled the attempt, and its call reached Facebook.
          expect(await tables.journal.begin(key, 0)).toEqual({ kind: 'new' });
          await tables.tables.db.insertInto('attempt_items').values({ post_uuid: key.postUuid, account_id: key.accountId, round: 1, item_index: 0, state: 'sending', external_id: null, external_url: null, reference: null, started_at: new Date(), finished_at: null }).execute();
          local.setup.proxy.failNext(step.path, { hangAfterForward: true });
          await local.facebook.publish({ ...storyRequest(stored, media), idempotencyKey: `${key.postUuid}:${key.accountId}`, item: version.content[0], progress: tables.progress.of(key, 0) });

          const result = await tables.publisher(local.facebook, {}, local.setup.media).publish(key, snapshot, [version]);
          expect(result).toMatchObject({ outcome: 'published', errors: [], items: [{ externalId: expect.stringMatching(/^\d+_\d+$/) }] });
          expect(local.setup.api.storiesOf(pageOf(account))).toHaveLength(1);
        } finally {
          await tables.close();
        }
      });
    }
  });
});
