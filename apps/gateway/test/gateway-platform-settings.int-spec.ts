import { mp4Video } from '@app/media-store/testing';
import { adminWorkspace, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/**
 * What a platform reported of an account at connect, and what an upload tells of a video, reach the
 * checks at schedule time: a TikTok creator's privacy levels and longest video (creator info), and
 * the duration read from the video's movie header. A refusal is a 422 then, not a failure at the due time.
 */
describe('gateway: platform rules with the account settings and the video durations (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let creator: number;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    gateway.services.connectableProviders.add('tiktok');
    workspace = await adminWorkspace(gateway, 'Video rules');
    const settings = { privacy_level_options: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'], max_video_post_duration_sec: 60, unrelated: 'not kept' };
    const connected = await gateway.call('POST', `/api/${workspace}/accounts`, { body: { provider: 'tiktok', settings, credentials: {} } });
    expect(connected.status).toBe(201);
    creator = connected.body.id;
  });
  afterAll(() => gateway?.dispose());

  async function video(seconds: number): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(mp4Video({ seconds }))], { type: 'video/mp4' }), 'clip.mp4');
    const answer = await gateway.call('POST', `/api/${workspace}/media`, { form });
    expect(answer.status).toBe(201);
    return answer.body.id;
  }
  const post = (media: string, privacy: string, intent: Record<string, unknown> = { schedule_now: true }) =>
    gateway.call('POST', `/api/${workspace}/posts`, {
      body: { versions: [{ account_id: 0, is_original: true, content: [{ body: 'A clip', media: [media] }], options: { tiktok: { privacy_level: privacy } } }], accounts: [creator], ...intent },
    });

  it('refuses a video longer than the creator may post, naming the limit; a shorter one is scheduled', async () => {
    const long = await video(120);
    expect(await post(long, 'SELF_ONLY')).toMatchObject({ status: 422, body: { message: 'Validation errors.', errors: { 'accounts.0': ['The tiktok account takes videos of at most 60 seconds.'] } } });
    expect((await post(await video(30), 'SELF_ONLY')).status).toBe(201);
  });

  it('refuses a privacy level the creator’s account does not offer, naming the ones it does', async () => {
    expect(await post(await video(10), 'PUBLIC_TO_EVERYONE')).toMatchObject({
      status: 422,
      body: { errors: { 'versions.0.options.tiktok.privacy_level': ['The selected privacy_level is invalid. Use FOLLOWER_OF_CREATOR or SELF_ONLY.'] } },
    });
  });

  it('keeps a draft with the long video: the rules apply when it is scheduled', async () => {
    expect((await post(await video(120), 'SELF_ONLY', {})).status).toBe(201);
  });
});
