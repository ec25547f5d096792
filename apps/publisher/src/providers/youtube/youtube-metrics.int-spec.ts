import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { Connected, LocalYouTube } from '@test/providers/youtube/local-youtube';
import type { StoredVideo } from '@test/providers/youtube/youtube-uploads';
import { MetricsRequest } from '../publish-provider';

/** A video's figures (`videos.list`, `part=statistics`), read from a local Google answering as the YouTube Data API v3 reference documents. */
describe('YouTubeProvider reading the figures of a video', () => {
  let local: LocalYouTube;
  let account: Connected;

  beforeAll(async () => {
    local = await LocalYouTube.start();
    account = await local.connection();
  });
  afterAll(() => local?.stop());

  /** A processed video of the account's channel, as YouTube keeps it. */
  function video(statistics: StoredVideo['statistics']): { stored: StoredVideo; request: MetricsRequest } {
    const stored: StoredVideo = {
      id: `v${String(local.api.uploads.videos.length).padStart(10, '0')}`,
      channelId: String(account.settings.channel_id),
      title: 'Counted',
      description: '',
      tags: [],
      privacyStatus: 'public',
      bytes: Buffer.alloc(0),
      uploadStatus: 'processed',
      failureReason: null,
      rejectionReason: null,
      outcome: { uploadStatus: 'processed' },
      statusReads: 0,
      publishedAt: new Date().toISOString(),
      statistics,
    };
    local.api.uploads.videos.push(stored);
    return { stored, request: metricsRequest(account, { kind: 'published', externalId: stored.id, externalUrl: null }) };
  }

  it('reads the views, likes and comments of its statistics (answered as strings); the other figures are not reported', async () => {
    const { stored, request } = video({ viewCount: 12_345, likeCount: 321, commentCount: 17 });
    local.proxy.seen.length = 0;
    const outcome = await local.provider.readMetrics(request);
    expect(outcome).toEqual({ kind: 'read', metrics: { views: 12_345, likes: 321, replies: 17 } });
    expect(namesOf(outcome)).toEqual(describedFigures('youtube'));
    expect(local.proxy.seen).toEqual([`GET /youtube/v3/videos?part=statistics&id=${stored.id}`]);
  });

  it('leaves the likes out when the owner hides them, and says a video YouTube no longer lists is gone', async () => {
    expect(await local.provider.readMetrics(video({ viewCount: 10, likeCount: null, commentCount: 0 }).request)).toEqual({ kind: 'read', metrics: { views: 10, replies: 0 } });
    const { stored, request } = video({ viewCount: 1, likeCount: 0, commentCount: 0 });
    local.api.uploads.videos.splice(local.api.uploads.videos.indexOf(stored), 1);
    expect(await local.provider.readMetrics(request)).toEqual({ kind: 'rejected', message: 'The post is no longer on YouTube.' });
  });

  it('refreshes an access token Google refuses and reads again; a refused refresh asks to reconnect; a spent quota waits', async () => {
    const connected = await local.connection();
    const { request } = video({ viewCount: 5, likeCount: 1, commentCount: 0 });
    connected.session.current = { ...connected.session.current, access_token: 'revoked' };
    expect(await local.provider.readMetrics({ ...request, connection: connected })).toEqual({ kind: 'read', metrics: { views: 5, likes: 1, replies: 0 } });
    expect(connected.session.current.access_token).not.toBe('revoked');
    connected.session.current = { access_token: 'revoked', refresh_token: 'revoked', expires_at: null };
    expect(await local.provider.readMetrics({ ...request, connection: connected })).toMatchObject({ kind: 'reauthorize', message: expect.stringContaining('The platform refused to refresh the access token') });
    local.api.quotaLeft = 0;
    const spent = await local.provider.readMetrics(request);
    local.api.quotaLeft = Infinity;
    expect(spent).toMatchObject({ kind: 'retry_later', message: expect.stringContaining('exceeded your quota') });
  });
});
