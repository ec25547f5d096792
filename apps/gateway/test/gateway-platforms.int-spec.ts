import { PLATFORMS, TELEGRAM_CAPTION_MAX_CHARACTERS, TIKTOK_PRIVACY_LEVELS } from '@app/platforms';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

/** GET /api/platforms: one description of each platform, read from the rules the server's checks apply. */
describe('gateway: GET /api/platforms (SQLite)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp()));
  afterAll(() => gateway?.dispose());

  it('answers every provider of the service, in the contract\'s shape, to any valid token; 401 without one', async () => {
    const answer = await gateway.call('GET', '/api/platforms');
    expect(answer.status).toBe(200);
    const platforms: { provider: string }[] = answer.body.data;
    expect(platforms.map(({ provider }) => provider)).toEqual(PLATFORMS.map(({ provider }) => provider));
    for (const platform of platforms) {
      expect(platform).toEqual({
        provider: expect.any(String),
        label: expect.any(String),
        text: { limit: platform.provider === 'sandbox' ? null : expect.any(Number), limit_with_media: platform.provider === 'telegram' ? expect.any(Number) : null, counting: expect.stringMatching(/^(graphemes|code_points|weighted)$/) },
        items: expect.stringMatching(/^(thread|first_comment|single)$/),
        media: { required: expect.any(Boolean), types: expect.arrayContaining([expect.stringMatching(/^(image|video)$/)]), max_count: null },
        options: expect.any(Array),
        connect: { oauth: expect.any(Boolean), settings: expect.any(Array), credentials: expect.any(Array) },
      });
    }
    expect((await gateway.call('GET', '/api/platforms', { token: 'not-a-token-of-anyone-at-all-0123456789' })).status).toBe(401);
  });

  it('says what the server checks: Telegram\'s caption limit, Bluesky\'s graphemes, YouTube\'s video and tags, TikTok\'s privacy levels, Mastodon\'s default', async () => {
    const byProvider = new Map((await gateway.call('GET', '/api/platforms')).body.data.map((platform: { provider: string }) => [platform.provider, platform]));
    expect(byProvider.get('telegram')).toMatchObject({ label: 'Telegram', text: { limit: 4096, limit_with_media: TELEGRAM_CAPTION_MAX_CHARACTERS, counting: 'code_points' }, items: 'thread' });
    expect(byProvider.get('bluesky')).toMatchObject({ text: { limit: 300, counting: 'graphemes' }, connect: { oauth: false, credentials: [{ name: 'identifier', required: true }, { name: 'app_password', required: true }] } });
    expect(byProvider.get('youtube')).toMatchObject({
      items: 'first_comment',
      media: { required: true, types: ['video'] },
      options: expect.arrayContaining([
        { name: 'title', type: 'text', choices: null, required: true, max_length: 100 },
        { name: 'privacy', type: 'choice', choices: ['public', 'unlisted', 'private'], required: false, max_length: null },
        { name: 'tags', type: 'text_list', choices: null, required: false, max_length: 500 },
      ]),
      connect: { oauth: true },
    });
    expect(byProvider.get('tiktok')).toMatchObject({ options: expect.arrayContaining([{ name: 'privacy_level', type: 'choice', choices: [...TIKTOK_PRIVACY_LEVELS], required: true, max_length: null }]) });
    expect(byProvider.get('mastodon')).toMatchObject({ text: { limit: 500 }, connect: { settings: [{ name: 'instance', required: true }] } });
    expect(byProvider.get('reddit')).toMatchObject({ media: { types: ['image'] } });
  });
});
