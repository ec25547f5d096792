import { facebookUnderTest, PageConnection } from '@test/providers/facebook/facebook-test-setup';
import { memoryProgress } from '@test/providers/support/memory-session';
import { mp4Media, pngMedia, request, SampleMedia } from '@test/providers/support/provider-scenarios';
import { PublishRequest } from '../publish-provider';
import { FacebookMessages } from './facebook-provider';

jest.setTimeout(60_000);

/** The forms a Page publishes in (links, photos, videos, reels), their processing, refusals and deletion, against the local Graph API. */
describe('FacebookProvider: what a post becomes on the Page', () => {
  const local = facebookUnderTest();
  afterEach(() => {
    local.setup.api.state.processingChecks = 1;
  });

  const pageOf = (account: PageConnection) => String(account.settings.page_id);
  const served = (...media: SampleMedia[]) => Promise.all(media.map((file) => local.setup.media.serve(file)));
  const publishing = (account: PageConnection, text: string, media: SampleMedia[], type?: 'post' | 'reel' | 'story'): PublishRequest => ({
    ...request(account, text, undefined, media),
    ...(type ? { options: { facebook: { type } } } : {}),
  });
  async function published(account: PageConnection, text: string, media: SampleMedia[], type?: 'post' | 'reel' | 'story') {
    const outcome = await local.facebook.publish(publishing(account, text, media, type));
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);
    return outcome;
  }

  it('publishes a text with an address as a link post: the first address is the link, the text stays whole', async () => {
    const account = await local.setup.connection(local.facebook);
    const text = 'Our notes are out: https://example.com/notes?v=2. Comments welcome (see https://example.com/other)';
    const outcome = await published(account, text, []);
    const post = local.setup.api.state.posts.find((candidate) => candidate.id === outcome.externalId);
    expect(post).toMatchObject({ kind: 'status', message: text, link: 'https://example.com/notes?v=2' });
    expect(outcome.externalUrl).toBe(`https://www.facebook.com/${pageOf(account)}/posts/${outcome.externalId.split('_')[1]}`);
    const plain = await published(account, 'No address here', []);
    expect(local.setup.api.state.posts.find((candidate) => candidate.id === plain.externalId)?.link).toBeNull();
  });

  it('publishes one image as a photo post, the image fetched by Facebook from its signed address', async () => {
    const account = await local.setup.connection(local.facebook);
    const [image] = await served(pngMedia(40, 30));
    const outcome = await published(account, 'One photo', [image]);
    expect(local.setup.api.state.posts.find((post) => post.id === outcome.externalId)).toMatchObject({ kind: 'photo', message: 'One photo', media: [image.bytes] });
    expect(local.setup.media.fetched).toContain(image.id);
  });

  it('publishes several images as one post of unpublished photos attached in order', async () => {
    const account = await local.setup.connection(local.facebook);
    const images = await served(pngMedia(10, 10), pngMedia(20, 10), pngMedia(10, 20));
    const outcome = await published(account, 'Three photos', images);
    const post = local.setup.api.state.posts.find((candidate) => candidate.id === outcome.externalId);
    expect(post).toMatchObject({ kind: 'album', message: 'Three photos' });
    expect(post?.media).toEqual(images.map((image) => image.bytes));
    expect(local.setup.api.mediaOf(pageOf(account))).toEqual([{ text: 'Three photos', files: images.map((image) => image.bytes) }]);
  });

  it('publishes a video post once Facebook has processed it; its address is the video’s permalink', async () => {
    const account = await local.setup.connection(local.facebook);
    local.setup.api.state.processingChecks = 3;
    const [video] = await served(mp4Media());
    const outcome = await published(account, 'A video', [video]);
    expect(outcome.externalUrl).toBe(`https://www.facebook.com/${pageOf(account)}/videos/${outcome.externalId}/`);
    expect(local.setup.api.state.videos.get(outcome.externalId)).toMatchObject({ kind: 'video', description: 'A video', bytes: video.bytes, published: true });
  });

  it('publishes a reel: an upload session, the video fetched from its signed address, finish with the text as description, then processing', async () => {
    const account = await local.setup.connection(local.facebook);
    local.setup.api.state.processingChecks = 2;
    const [video] = await served(mp4Media());
    const outcome = await published(account, 'A reel #short', [video], 'reel');
    expect(outcome.externalUrl).toBe(`https://www.facebook.com/reel/${outcome.externalId}/`);
    expect(local.setup.api.state.videos.get(outcome.externalId)).toMatchObject({ kind: 'reel', description: 'A reel #short', bytes: video.bytes, published: true });
    expect(local.setup.api.textsOf(pageOf(account))).toEqual(['A reel #short']);
  });

  it('refuses media its form cannot carry before anything is sent', async () => {
    const account = await local.setup.connection(local.facebook);
    const [image, video, other] = await served(pngMedia(5, 5), mp4Media(), mp4Media());
    local.setup.proxy.seen.length = 0;
    expect(await local.facebook.publish(publishing(account, 'Reel of an image', [image], 'reel'))).toEqual({ kind: 'rejected', message: FacebookMessages.reelIsOneVideo });
    expect(await local.facebook.publish(publishing(account, 'Story of two', [image, video], 'story'))).toEqual({ kind: 'rejected', message: FacebookMessages.storyIsOneMedia });
    expect(await local.facebook.publish(publishing(account, 'Video and image', [video, image]))).toEqual({ kind: 'rejected', message: FacebookMessages.imagesOrOneVideo });
    expect(await local.facebook.publish(publishing(account, 'Two videos', [video, other]))).toEqual({ kind: 'rejected', message: FacebookMessages.imagesOrOneVideo });
    expect(local.setup.proxy.seen).toEqual([]);
  });

  it('gives up on a video still processing after PROVIDER_PROCESSING_TIMEOUT_MS, counted from the start journaled with the request', async () => {
    const account = await local.setup.connection(local.facebook);
    local.setup.api.state.processingChecks = Infinity;
    const impatient = local.setup.provider({ timeoutMs: 300, intervalMs: 50 });
    const [video] = await served(mp4Media());
    const same = publishing(account, 'Never ready', [video], 'reel');
    const timedOut = /^Facebook was still processing the media after 0 minutes \(its last status: processing, processing in_progress, publishing not_started\)\.$/;
    expect(await impatient.publish(same)).toEqual({ kind: 'rejected', message: expect.stringMatching(timedOut) });
    // Made again with its journal, the clock is not started again: it gives up at the first look.
    const startedAt = Date.now();
    expect(await impatient.publish(same)).toEqual({ kind: 'rejected', message: expect.stringMatching(timedOut) });
    expect(Date.now() - startedAt).toBeLessThan(250);
    expect(local.setup.api.textsOf(pageOf(account))).toEqual([]);
  });

  it('rejects a video Facebook could not process with Facebook’s message', async () => {
    const account = await local.setup.connection(local.facebook);
    local.setup.api.state.failNextProcessing = 'The video file you tried to upload is not supported.';
    const [video] = await served(mp4Media());
    expect(await local.facebook.publish(publishing(account, 'Unprocessable', [video]))).toEqual({ kind: 'rejected', message: 'The video file you tried to upload is not supported.' });
  });

  it('resumes a reel from its journal: the upload session and upload are not made again', async () => {
    const account = await local.setup.connection(local.facebook);
    const [video] = await served(mp4Media());
    const first = publishing(account, 'Resumed reel', [video], 'reel');
    local.setup.proxy.failNext(/\/video_reels\?upload_phase=finish/, { answer: { status: 503, body: { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2, is_transient: true, fbtrace_id: 'B1' } } } });
    expect(await local.facebook.publish(first)).toMatchObject({ kind: 'retry_later' });
    local.setup.proxy.seen.length = 0;
    expect(await local.facebook.publish({ ...first, progress: memoryProgress((first.progress as ReturnType<typeof memoryProgress>).current) })).toMatchObject({ kind: 'published' });
    expect(local.setup.proxy.seen.filter((seen) => /upload_phase=start|video-upload/.test(seen))).toEqual([]);
  });

  it('waits for a hosted-file upload Facebook is still fetching instead of asking for it again', async () => {
    const account = await local.setup.connection(local.facebook);
    const [video] = await served(mp4Media());
    const same = publishing(account, 'Large reel', [video], 'reel');
    local.setup.proxy.failNext(/^\/video-upload\//, { hangAfterForward: true });
    expect(await local.facebook.publish(same)).toMatchObject({ kind: 'retry_later' });
    const fetching = { status: { video_status: 'processing', uploading_phase: { status: 'in_progress', bytes_transferred: 10 }, processing_phase: { status: 'not_started' }, publishing_phase: { status: 'not_started' } } };
    local.setup.proxy.failNext(/\?fields=status$/, { answer: { status: 200, body: fetching } });
    expect(await local.facebook.publish(same)).toEqual({ kind: 'retry_later', message: 'Facebook is still fetching the video.', retryAfterMs: 5_000 });
    local.setup.proxy.seen.length = 0;
    expect(await local.facebook.publish(same)).toMatchObject({ kind: 'published' });
    expect(local.setup.proxy.seen.filter((seen) => seen.includes('/video-upload/'))).toEqual([]);
    expect(local.setup.api.textsOf(pageOf(account))).toEqual(['Large reel']);
  });

  it('deletes a post, a photo post and a reel; one already gone counts as deleted', async () => {
    const account = await local.setup.connection(local.facebook);
    const [image, video] = await served(pngMedia(8, 8), mp4Media());
    const outcomes = [await published(account, 'Short-lived', []), await published(account, 'Short-lived photo', [image]), await published(account, 'Short-lived reel', [video], 'reel')];
    for (const outcome of outcomes) expect(await local.facebook.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(local.setup.api.textsOf(pageOf(account))).toEqual([]);
    expect(await local.facebook.delete({ connection: account, externalId: outcomes[0].externalId })).toEqual({ kind: 'deleted' });
  });
});
