import { mediaFixture } from '@app/media-store/testing';
import { memoryProgress } from '@test/providers/support/memory-session';
import { pngMedia, request, sampleMedia } from '@test/providers/support/provider-scenarios';
import { LocalTikTok, openIdOf, TEST_CHUNK_BYTES, TikTokConnection } from '@test/providers/tiktok/local-tiktok';
import { ProcessingMessages } from '../processing/await-processing';
import { PublishMedia, PublishRequest } from '../publish-provider';

jest.setTimeout(60_000);

/** The publish of a content item with these media, at this privacy level (and options). */
const post = (account: TikTokConnection, text: string, media: PublishMedia[], options: Record<string, unknown> = { privacy_level: 'PUBLIC_TO_EVERYONE' }): PublishRequest => ({
  ...request(account, text, undefined, media),
  options: { tiktok: options },
});

/** TikTok's video and photo posts, against a local server answering as the Content Posting API reference documents. */
describe('TikTokProvider posts', () => {
  let local: LocalTikTok;

  beforeAll(async () => {
    local = await LocalTikTok.start();
  });
  afterAll(() => local?.stop());
  afterEach(() => (local.api.posting.processingChecks = 1));

  it('sends a video in chunks, in order, with the caption and the post’s settings; its address is the public post’s, its id exact to the last digit', async () => {
    const account = await local.connect(local.api.addCreator('ada'));
    const video = await local.video({ payloadBytes: 3 * TEST_CHUNK_BYTES + 500 });
    local.api.posting.processingChecks = 3;

    const outcome = await local.tiktok.publish(post(account, 'A video #launch', [video], { privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: true }));

    const [published] = local.api.publishesOf(openIdOf(account));
    // TikTok writes the id as a 19-digit JSON number.
    expect(published.postId).toMatch(/^\d{19}$/);
    expect(outcome).toEqual({ kind: 'published', externalId: published.postId, externalUrl: `https://www.tiktok.com/@ada/video/${published.postId}` });
    expect(published.postInfo).toEqual({ title: 'A video #launch', privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: true, disable_duet: false, disable_stitch: false });
    const upload = published.upload!;
    expect({ size: upload.video_size, chunk: upload.chunk_size, count: upload.total_chunk_count }).toEqual({ size: video.bytes.length, chunk: TEST_CHUNK_BYTES, count: 3 });
    // The last chunk takes the bytes left over.
    expect(upload.chunks.map((chunk) => chunk.length)).toEqual([TEST_CHUNK_BYTES, TEST_CHUNK_BYTES, video.bytes.length - 2 * TEST_CHUNK_BYTES]);
    expect(local.api.mediaOf(openIdOf(account))).toEqual([{ text: 'A video #launch', files: [video.bytes] }]);
  });

  it('sends a video smaller than a chunk whole; a post only some may see has no public id, so its publish id stands for it, without an address', async () => {
    const account = await local.connect();
    const video = await local.video({ payloadBytes: 1_000 });
    const outcome = await local.tiktok.publish(post(account, 'Just me', [video], { privacy_level: 'SELF_ONLY' }));
    const [published] = local.api.publishesOf(openIdOf(account));
    expect(outcome).toEqual({ kind: 'published', externalId: published.publishId, externalUrl: null });
    expect(published.upload!.chunks).toHaveLength(1);
  });

  it('keeps comments, duets and stitches off where the creator turned them off for their account', async () => {
    const account = await local.connect(local.api.addCreator('quiet', 'Quiet', { commentDisabled: true, stitchDisabled: true }));
    expect(await local.tiktok.publish(post(account, 'Quietly', [await local.video()]))).toMatchObject({ kind: 'published' });
    expect(local.api.publishesOf(openIdOf(account))[0].postInfo).toMatchObject({ disable_comment: true, disable_duet: false, disable_stitch: true });
  });

  it('posts photos TikTok fetches from their signed addresses, the first as the cover, the text as the description', async () => {
    const account = await local.connect();
    const photos = [await local.photo(), await local.mediaServer.serve(sampleMedia(mediaFixture('lossy.webp'), { mimeType: 'image/webp', width: 37, height: 23 }))];

    const outcome = await local.tiktok.publish(post(account, 'Two photos', photos, { privacy_level: 'MUTUAL_FOLLOW_FRIENDS' }));

    const [published] = local.api.publishesOf(openIdOf(account));
    expect(outcome).toEqual({ kind: 'published', externalId: published.publishId, externalUrl: null });
    expect(published).toMatchObject({ mediaType: 'PHOTO', postInfo: { description: 'Two photos', privacy_level: 'MUTUAL_FOLLOW_FRIENDS', disable_comment: false } });
    expect(local.mediaServer.fetched.slice(-2)).toEqual(photos.map((photo) => photo.id));
    expect(local.api.mediaOf(openIdOf(account))).toEqual([{ text: 'Two photos', files: photos.map((photo) => photo.bytes) }]);
  });

  it('reports photos whose init answer was lost unknown and never sends them again: TikTok may have posted them and offers no lookup', async () => {
    const account = await local.connect();
    const progress = memoryProgress();
    const same = { ...post(account, 'Photos, answer lost', [await local.photo()]), progress };
    local.proxy.failNext(/^\/v2\/post\/publish\/content\/init\/$/, { hangAfterForward: true });

    expect(await local.tiktok.publish(same)).toMatchObject({ kind: 'unknown', message: expect.stringContaining('did not answer in time') });
    expect(await local.tiktok.publish(same)).toEqual({ kind: 'unknown', message: expect.stringContaining('TikTok offers no way to find the post') });
    expect(local.api.publishesOf(openIdOf(account))).toHaveLength(1);
  });

  it('sends a photo init again after TikTok refused it (a 429): nothing was posted', async () => {
    const account = await local.connect();
    const same = { ...post(account, 'Photos after a wait', [await local.photo()]), progress: memoryProgress() };
    local.proxy.failNext(/^\/v2\/post\/publish\/content\/init\/$/, { answer: { status: 429, body: { data: {}, error: { code: 'rate_limit_exceeded', message: 'Your request is blocked due to exceeding the API rate limit.', log_id: '1' } } } });

    // No Retry-After: the sliding minute of TikTok's rate limits is waited out.
    expect(await local.tiktok.publish(same)).toEqual({ kind: 'retry_later', message: 'Your request is blocked due to exceeding the API rate limit. (HTTP 429)', retryAfterMs: 60_000 });
    expect(await local.tiktok.publish(same)).toMatchObject({ kind: 'published' });
    expect(local.api.textsOf(openIdOf(account))).toEqual(['Photos after a wait']);
  });

  it('goes on after a chunk whose answer was lost from what TikTok holds: one init, each chunk once', async () => {
    const account = await local.connect();
    const video = await local.video({ payloadBytes: 4 * TEST_CHUNK_BYTES });
    const same = { ...post(account, 'Resumed upload', [video]), progress: memoryProgress() };
    local.proxy.failNext(/^\/video\/\?upload_id=/, { hangAfterForward: true }, null);
    local.proxy.failNext(/^\/video\/\?upload_id=/, { hangAfterForward: true }, null);

    // The first chunk arrives, its answer is lost; made again, the second is lost the same way.
    expect(await local.tiktok.publish(same)).toMatchObject({ kind: 'retry_later' });
    expect(await local.tiktok.publish(same)).toMatchObject({ kind: 'retry_later' });
    expect(await local.tiktok.publish(same)).toMatchObject({ kind: 'published' });

    const publishes = local.api.publishesOf(openIdOf(account));
    expect(publishes).toHaveLength(1);
    expect(Buffer.concat(publishes[0].upload!.chunks).equals(video.bytes)).toBe(true);
  });

  it('refuses before anything is sent when the creator cannot post now, with TikTok’s reason', async () => {
    const creator = local.api.addCreator('capped');
    const account = await local.connect(creator);
    creator.postingRefusal = { status: 403, code: 'spam_risk_too_many_posts', message: 'The daily post cap from the API is reached for the current user.' };
    expect(await local.tiktok.publish(post(account, 'Over the cap', [await local.video()]))).toEqual({ kind: 'rejected', message: 'The daily post cap from the API is reached for the current user.' });
    expect(local.api.publishesOf(creator.openId)).toEqual([]);
  });

  it('refuses a privacy level the creator’s account no longer offers, naming those it does', async () => {
    const creator = local.api.addCreator('went.private');
    const account = await local.connect(creator);
    creator.privacyLevelOptions = ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
    expect(await local.tiktok.publish(post(account, 'Public?', [await local.video()]))).toEqual({
      kind: 'rejected',
      message: 'The creator’s TikTok account no longer offers the privacy level PUBLIC_TO_EVERYONE; it offers FOLLOWER_OF_CREATOR, SELF_ONLY. Choose one of them and schedule the post again.',
    });
    expect(local.api.publishesOf(creator.openId)).toEqual([]);
  });

  it('refuses media TikTok cannot post before anything is sent: PNG photos, a video with photos, two videos', async () => {
    const account = await local.connect();
    const refusals = await Promise.all([
      local.tiktok.publish(post(account, 'PNG', [await local.mediaServer.serve(pngMedia(8, 8))])),
      local.tiktok.publish(post(account, 'Mixed', [await local.video(), await local.photo()])),
      local.tiktok.publish(post(account, 'Two videos', [await local.video(), await local.video()])),
    ]);
    expect(refusals).toEqual([
      { kind: 'rejected', message: 'TikTok takes photos in JPEG or WebP only, not image/png.' },
      { kind: 'rejected', message: 'A TikTok post is one video or photos (JPEG or WebP), not both.' },
      { kind: 'rejected', message: 'A TikTok post takes one video.' },
    ]);
    expect(local.api.publishesOf(openIdOf(account))).toEqual([]);
  });

  it('reports the reason TikTok gives for a publish it failed: a video longer than the creator may post', async () => {
    const account = await local.connect(local.api.addCreator('short.form', 'Short', { maxVideoPostDurationSec: 60 }));
    expect(await local.tiktok.publish(post(account, 'Too long', [await local.video({ seconds: 90 })]))).toEqual({ kind: 'rejected', message: 'TikTok could not publish the post: duration_check_failed.' });
  });

  it('fails with TikTok’s last status when processing outlives the timeout, counted from the journaled start', async () => {
    const account = await local.connect();
    local.api.posting.processingChecks = Number.POSITIVE_INFINITY;
    const impatient = LocalTikTok.provider(local.app, { timeoutMs: 300, intervalMs: 20 });
    const progress = memoryProgress();
    expect(await impatient.publish({ ...post(account, 'Still processing', [await local.video()]), progress })).toEqual({
      kind: 'rejected',
      message: ProcessingMessages.tooLong('TikTok', 0, 'PROCESSING_UPLOAD'),
    });
    expect(progress.current).toMatchObject({ publish_id: expect.any(String), processing_started_at: expect.any(Number) });
  });
});
