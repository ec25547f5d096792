import { randomUUID } from 'node:crypto';
import { InstagramConnection, instagramUnderTest, LocalInstagram, TEST_HTTP } from '@test/providers/instagram/local-instagram';
import { memoryProgress } from '@test/providers/support/memory-session';
import { mp4Media, pngMedia, request, SampleMedia, sampleMedia } from '@test/providers/support/provider-scenarios';
import { PublisherTablesOnSqlite } from '@test/providers/support/publisher-on-sqlite';
import { ProcessingMessages } from '../processing/await-processing';
import { ItemOnPlatform, PublishOutcome, PublishRequest } from '../publish-provider';
import { PublicationMessages } from './instagram-publication';
import { InstagramMessages } from './instagram-post-plan';
import { InstagramProvider } from './instagram-provider';

jest.setTimeout(60_000);


/** Each kind of Instagram post, the first comment, and Instagram's refusals, against the local Instagram. */
describe('InstagramProvider publishing', () => {
  let local: LocalInstagram;
  let instagram: InstagramProvider;

  beforeAll(async () => ({ local, instagram } = await instagramUnderTest()));
  afterAll(() => local?.stop());

  /** The request of a post with these media (kept in the media store), as `type`. */
  const post = (account: InstagramConnection, text: string, media: SampleMedia[], type?: string): PublishRequest => ({
    ...request(account, text, undefined, media),
    ...(type ? { options: { instagram: { type } } } : {}),
  });
  const published = (outcome: PublishOutcome): ItemOnPlatform => {
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);
    return { externalId: outcome.externalId, externalUrl: outcome.externalUrl, reference: null };
  };

  it('publishes an image from its signed address, which Instagram fetched, with its permalink as the address', async () => {
    const account = await local.connect(instagram);
    const [image] = await local.serve(pngMedia(64, 48));

    const outcome = await instagram.publish(post(account, 'An image', [image]));

    expect(outcome).toEqual({ kind: 'published', externalId: expect.stringMatching(/^\d+$/), externalUrl: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/) });
    expect(local.api.fetches.at(-1)).toEqual({ url: expect.stringContaining(`/api/media-files/${image.id}.png?expires=`), outcome: 200 });
    expect(local.api.mediaOf(account.user.id)).toMatchObject([{ caption: 'An image', mediaType: 'IMAGE', productType: 'FEED', files: [image.bytes] }]);
  });

  it('publishes one video as a reel, whichever the type, once Instagram has processed it', async () => {
    const account = await local.connect(instagram);
    const [video, reel] = await local.serve(mp4Media(), mp4Media());

    expect(await instagram.publish(post(account, 'A video post', [video]))).toMatchObject({ externalUrl: expect.stringMatching(/^https:\/\/www\.instagram\.com\/reel\//) });
    expect(await instagram.publish(post(account, 'A reel', [reel], 'reel'))).toMatchObject({ kind: 'published' });

    expect(local.api.mediaOf(account.user.id)).toMatchObject([
      { caption: 'A video post', mediaType: 'VIDEO', productType: 'REELS', files: [video.bytes] },
      { caption: 'A reel', mediaType: 'VIDEO', productType: 'REELS', files: [reel.bytes] },
    ]);
  });

  it('publishes 2 to 10 media as a carousel, in order; more, or a reel or story of other media, is refused before any call', async () => {
    const account = await local.connect(instagram);
    const media = await local.serve(pngMedia(40, 30), mp4Media(), pngMedia(30, 40));

    expect(await instagram.publish(post(account, 'A carousel', media))).toMatchObject({ kind: 'published', externalUrl: expect.stringMatching(/\/p\//) });
    expect(local.api.mediaOf(account.user.id)).toMatchObject([{ caption: 'A carousel', mediaType: 'CAROUSEL_ALBUM', files: media.map((file) => file.bytes) }]);

    const calls = local.proxy.seen.length;
    const eleven = Array.from({ length: 11 }, () => pngMedia(8, 8));
    expect(await instagram.publish(post(account, 'Too many', eleven))).toEqual({ kind: 'rejected', message: InstagramMessages.carouselTooLarge(11) });
    expect(await instagram.publish(post(account, 'Not a video', [pngMedia(8, 8)], 'reel'))).toEqual({ kind: 'rejected', message: InstagramMessages.reelNeedsOneVideo });
    expect(await instagram.publish(post(account, 'Two stories', [pngMedia(8, 8), pngMedia(8, 8)], 'story'))).toEqual({ kind: 'rejected', message: InstagramMessages.storyNeedsOneFile });
    expect(await instagram.publish(post(account, 'Nothing to show', []))).toEqual({ kind: 'rejected', message: InstagramMessages.needsMedia });
    expect(local.proxy.seen.length).toBe(calls);
  });

  it('publishes stories of an image and of a video (without a caption: Instagram takes none), and finds a story whose publish answer was lost', async () => {
    const account = await local.connect(instagram);
    const [image, video, lost] = await local.serve(pngMedia(36, 64), mp4Media(), pngMedia(36, 64));

    expect(await instagram.publish(post(account, 'Image story', [image], 'story'))).toMatchObject({ externalUrl: expect.stringContaining(`/stories/${account.user.username}/`) });
    expect(await instagram.publish(post(account, 'Video story', [video], 'story'))).toMatchObject({ kind: 'published' });
    expect(local.api.mediaOf(account.user.id)).toMatchObject([
      { caption: null, productType: 'STORY', mediaType: 'IMAGE', files: [image.bytes] },
      { caption: null, productType: 'STORY', mediaType: 'VIDEO', files: [video.bytes] },
    ]);

    const other = await local.connect(instagram);
    local.proxy.failNext(/\/media_publish$/, { hangAfterForward: true });
    const found = await instagram.publish(post(other, 'Lost story', [lost], 'story'));
    const [story] = local.api.mediaOf(other.user.id);
    expect(story).toMatchObject({ productType: 'STORY', files: [lost.bytes] });
    expect(found).toEqual({ kind: 'published', externalId: story.id, externalUrl: expect.stringContaining(`/stories/${other.user.username}/${story.id}/`) });
  });

  it('publishes the second content item as the post’s first comment, by the same account; through the publisher, both items are on the platform once', async () => {
    const tables = await PublisherTablesOnSqlite.open();
    try {
      const account = await local.connect(instagram);
      await tables.keep(instagram, account);
      const [image] = await local.serve(pngMedia(48, 48));
      const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
      const version = { account_id: 0, is_original: true, content: [{ body: 'The post', media: [image.id] }, { body: 'Its first comment', media: [] }], options: {} };

      const result = await tables.publisher(instagram, {}, local.media).publish(key, { id: account.accountId, provider: 'instagram', name: 'Instagram', username: null }, [version]);

      expect(result).toMatchObject({ outcome: 'published', errors: [], items: [{ externalId: expect.any(String) }, { externalId: expect.any(String) }] });
      const [media] = local.api.mediaOf(account.user.id);
      expect(result!.items[0]).toEqual({ externalId: media.id, externalUrl: expect.stringContaining('instagram.com/p/') });
      expect(result!.items[1]!.externalUrl).toBe(result!.items[0]!.externalUrl);
      expect(local.api.commentsOn(media.id)).toMatchObject([{ id: result!.items[1]!.externalId, text: 'Its first comment', username: account.user.username }]);
    } finally {
      await tables.close();
    }
  });

  it('finds a first comment whose answer was lost instead of commenting twice; a comment takes no media, a story no comment', async () => {
    const account = await local.connect(instagram);
    const root = published(await instagram.publish(post(account, 'Commented on', await local.serve(pngMedia(20, 20)))));
    const comment: PublishRequest = { ...request(account, 'Said once', `${randomUUID()}:${account.accountId}:1`), followUp: { index: 1, root, parent: root } };

    local.proxy.failNext(/\/comments$/, { hangAfterForward: true });
    expect(await instagram.publish(comment)).toMatchObject({ kind: 'retry_later' });
    const again = await instagram.publish(comment);

    expect(local.api.commentsOn(root.externalId)).toMatchObject([{ text: 'Said once' }]);
    expect(again).toEqual({ kind: 'published', externalId: local.api.commentsOn(root.externalId)[0].id, externalUrl: root.externalUrl });
    expect(await instagram.publish({ ...comment, progress: memoryProgress(), media: [pngMedia(8, 8)] })).toEqual({ kind: 'rejected', message: InstagramMessages.commentTakesNoMedia });
    expect(await instagram.publish({ ...comment, progress: memoryProgress(), options: { instagram: { type: 'story' } } })).toEqual({ kind: 'rejected', message: InstagramMessages.storyTakesNoComment });
  });

  it('gives Instagram’s own message: a media address it could not fetch (altered, so the media store answers 404), a video it could not process', async () => {
    const account = await local.connect(instagram);
    const [image] = await local.serve(pngMedia(20, 20));
    const altered = { ...image, url: () => image.url().replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`) };
    const notAVideo = (await local.serve(sampleMedia(Buffer.from('not a video at all'), { mimeType: 'video/mp4', width: null, height: null })))[0];

    const refused = await instagram.publish(post(account, 'Unreachable', [altered]));
    expect(refused).toEqual({ kind: 'rejected', message: expect.stringMatching(/^The media could not be fetched from this URI: http:\/\/127\.0\.0\.1:\d+\/api\/media-files\//) });
    expect(local.api.fetches.at(-1)).toMatchObject({ outcome: 404 });
    expect(await instagram.publish(post(account, 'Broken video', [notAVideo], 'reel'))).toEqual({ kind: 'rejected', message: 'Instagram could not process the media: Error: Media upload has failed with error code 2207026' });

    // A refusal without a message for the user, and a throttled call (code 4, its usage header asking for 2 minutes).
    local.proxy.failNext(/\/\d+\/media$/, { answer: { status: 400, body: { error: { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, fbtrace_id: 'A1' } } } });
    expect(await instagram.publish(post(account, 'Refused', [image]))).toEqual({ kind: 'rejected', message: '(#100) Invalid parameter' });
    local.proxy.failNext(/\/\d+\/media$/, {
      answer: {
        status: 400,
        headers: { 'x-business-use-case-usage': JSON.stringify({ [account.user.id]: [{ type: 'instagram', call_count: 100, total_cputime: 1, total_time: 1, estimated_time_to_regain_access: 2 }] }) },
        body: { error: { message: 'Application request limit reached', type: 'OAuthException', is_transient: true, code: 4, fbtrace_id: 'A2' } },
      },
    });
    expect(await instagram.publish(post(account, 'Throttled', [image]))).toEqual({ kind: 'retry_later', message: 'Application request limit reached', retryAfterMs: 120_000 });
    local.proxy.failNext(/\/\d+\/media$/, { answer: { status: 400, body: { error: { code: 100 } } } });
    expect(await instagram.publish(post(account, 'No message', [image]))).toEqual({ kind: 'rejected', message: 'HTTP 400' });
    expect(local.api.captionsOf(account.user.id)).toEqual([]);
  });

  it('fails a video still processing when the timeout has passed, counted from the journaled start of its processing', async () => {
    const account = await local.connect(instagram);
    const impatient = new InstagramProvider(TEST_HTTP, local.app, { timeoutMs: 300, intervalMs: 50 });
    local.api.publishing.processingStalls = true;
    try {
      const progress = memoryProgress();
      const started = Date.now();
      const stalled = { ...post(account, 'Never processed', await local.serve(mp4Media()), 'reel'), progress };
      expect(await impatient.publish(stalled)).toEqual({ kind: 'rejected', message: ProcessingMessages.tooLong('Instagram', 0, 'IN_PROGRESS') });
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);

      // Made again ten minutes after its processing began: refused at the first check, with no new container.
      progress.current = { ...progress.current, processing_started_at: Date.now() - 600_000 };
      const containers = local.api.publishing.containers.size;
      const resumed = Date.now();
      expect(await instagram.publish(stalled)).toEqual({ kind: 'rejected', message: ProcessingMessages.tooLong('Instagram', 0, 'IN_PROGRESS') });
      expect(Date.now() - resumed).toBeLessThan(1_000);
      expect(local.api.publishing.containers.size).toBe(containers);
    } finally {
      local.api.publishing.processingStalls = false;
    }
  });

  it('waits when the account has used its publishing limit, read before publishing, and publishes once it may', async () => {
    const account = await local.connect(instagram);
    const first = published(await instagram.publish(post(account, 'Within the limit', await local.serve(pngMedia(16, 16)))));
    const same = post(account, 'Over the limit', await local.serve(pngMedia(16, 16)));
    local.api.publishing.quotaTotal = 1;
    try {
      expect(await instagram.publish(same)).toEqual({ kind: 'retry_later', message: PublicationMessages.limitReached(1, 1), retryAfterMs: 3_600_000 });
    } finally {
      local.api.publishing.quotaTotal = 100;
    }
    expect(await instagram.publish(same)).toMatchObject({ kind: 'published', externalId: expect.not.stringMatching(first.externalId) });
    expect(local.api.captionsOf(account.user.id)).toEqual(['Within the limit', 'Over the limit']);
  });

  it('makes the containers again when the journaled one expired unpublished', async () => {
    const account = await local.connect(instagram);
    const same = post(account, 'Made again', await local.serve(pngMedia(16, 16)));
    local.proxy.failNext(/\/media_publish$/, { answer: { status: 503, body: { error: { message: 'Please retry your request later.', type: 'OAuthException', code: 2, is_transient: true } } } });
    expect(await instagram.publish(same)).toMatchObject({ kind: 'retry_later', message: 'Please retry your request later.' });
    const expired = String((await same.progress.read())!.container_id);
    local.api.publishing.expire(expired);

    expect(await instagram.publish(same)).toEqual({ kind: 'retry_later', message: PublicationMessages.expired, retryAfterMs: expect.any(Number) });
    expect(await instagram.publish(same)).toMatchObject({ kind: 'published' });
    expect((await same.progress.read())!.container_id).not.toBe(expired);
    expect(local.api.captionsOf(account.user.id)).toEqual(['Made again']);
  });
});
