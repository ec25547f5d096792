import { instagramUnderTest, InstagramConnection, LocalInstagram } from '@test/providers/instagram/local-instagram';
import type { InstagramMedia } from '@test/providers/instagram/instagram-media-library';
import { memorySession } from '@test/providers/support/memory-session';
import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { MetricsRequest } from '../publish-provider';
import { InstagramProvider } from './instagram-provider';

/** Instagram's figures of a media (its counts, then `GET /{ig-media-id}/insights`), read from a local Instagram answering as the Instagram API with Instagram Login documents. */
describe('InstagramProvider reading the figures of a post', () => {
  let local: LocalInstagram;
  let instagram: InstagramProvider;
  let account: InstagramConnection;

  beforeAll(async () => {
    ({ local, instagram } = await instagramUnderTest());
    account = await local.connect(instagram);
  });
  afterAll(() => local?.stop());

  /** A media of the account, as Instagram holds it once published, with these counts and insights. */
  function published(productType: InstagramMedia['productType'], figures: { likes?: number; comments?: number; insights?: Record<string, number> } = {}): { media: InstagramMedia; request: MetricsRequest } {
    const media = local.api.library.add({ userId: account.user.id, username: account.user.username, caption: productType === 'STORY' ? null : 'Counted', mediaType: productType === 'FEED' ? 'IMAGE' : 'VIDEO', productType, files: [] });
    media.likes = figures.likes ?? 0;
    media.insights = figures.insights ?? {};
    for (let index = 0; index < (figures.comments ?? 0); index++) media.comments.push({ id: `${media.id}${index}`, mediaId: media.id, userId: '1', username: 'fan', text: 'Nice', timestamp: Date.now() });
    return { media, request: metricsRequest(account, { kind: 'published', externalId: media.id, externalUrl: null }) };
  }

  it('reads a feed post’s likes and comments, and the views and saves of its insights; shares and the other figures are not reported', async () => {
    const { media, request } = published('FEED', { likes: 40, comments: 3, insights: { views: 900, saved: 7, shares: 4, reach: 650 } });
    local.proxy.seen.length = 0;
    const outcome = await instagram.readMetrics(request);
    expect(outcome).toEqual({ kind: 'read', metrics: { likes: 40, replies: 3, views: 900, saves: 7 } });
    expect(namesOf(outcome)).toEqual(describedFigures('instagram'));
    expect(local.proxy.seen.map((seen) => seen.replace(/access_token=[^&]+/, 'access_token=…'))).toEqual([
      `GET /v21.0/${media.id}?fields=media_product_type%2Clike_count%2Ccomments_count&access_token=…`,
      `GET /v21.0/${media.id}/insights?metric=views%2Csaved&access_token=…`,
    ]);
  });

  it('reads a reel as a feed post, and a story’s views and replies (a story has no likes)', async () => {
    expect(await instagram.readMetrics(published('REELS', { likes: 5, comments: 1, insights: { views: 70, saved: 2 } }).request)).toEqual({ kind: 'read', metrics: { likes: 5, replies: 1, views: 70, saves: 2 } });
    expect(await instagram.readMetrics(published('STORY', { insights: { views: 33, replies: 2 } }).request)).toEqual({ kind: 'read', metrics: { views: 33, replies: 2 } });
  });

  it('keeps the likes and comments when Instagram shows no insights for media too few people saw', async () => {
    const { media, request } = published('FEED', { likes: 2, comments: 1 });
    media.tooFewViewers = true;
    expect(await instagram.readMetrics(request)).toEqual({ kind: 'read', metrics: { likes: 2, replies: 1 } });
  });

  it('says a media Instagram does not have is gone, and asks to reconnect when the token is refused', async () => {
    expect(await instagram.readMetrics(metricsRequest(account, { kind: 'published', externalId: '17999999999999999', externalUrl: null }))).toEqual({ kind: 'rejected', message: 'The post is no longer on Instagram.' });
    const revoked = { ...account, session: memorySession({ access_token: 'revoked', refresh_token: 'revoked', expires_at: null }) };
    expect(await instagram.readMetrics({ ...published('FEED').request, connection: revoked })).toMatchObject({ kind: 'reauthorize' });
  });
});
