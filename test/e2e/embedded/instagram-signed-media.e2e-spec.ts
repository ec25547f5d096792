import { pngImage } from '@app/media-store/testing';
import { InstagramApiServer } from '../../providers/instagram/instagram-api-server';
import { LIFECYCLE_ENV, waitForStatus } from '../scenarios/lifecycle-fixtures';
import { adminOf, ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace } from '../support/fixtures';
import { freePort } from '../support/node-process';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(120_000);

/**
 * A post with an image published to Instagram by the built service (one process), against a local
 * Instagram that fetches the image itself, as the real one does, from the signed address under
 * the service's PUBLIC_URL (`/api/media-files/...`): the service's own address here, so that the
 * fetch reaches it.
 */
describe('an image published to Instagram from its signed address, embedded', () => {
  let instagram: InstagramApiServer;
  let service: RunningService;
  let admin: ApiClient;
  let publicUrl: string;

  beforeAll(async () => {
    instagram = await InstagramApiServer.start();
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    service = await startService({
      port,
      env: {
        ...LIFECYCLE_ENV,
        PUBLIC_URL: publicUrl,
        PROVIDER_ALLOW_PRIVATE_URLS: 'true',
        OAUTH_INSTAGRAM_CLIENT_ID: instagram.login.clientId,
        OAUTH_INSTAGRAM_CLIENT_SECRET: instagram.login.clientSecret,
        OAUTH_INSTAGRAM_AUTH_URL: `${instagram.url}/oauth`,
        OAUTH_INSTAGRAM_TOKEN_URL: `${instagram.url}/oauth/access_token`,
        OAUTH_INSTAGRAM_API_URL: `${instagram.url}/v21.0`,
      },
    });
    admin = adminOf(service);
  });
  afterAll(async () => {
    await service?.dispose();
    await instagram?.stop();
  });

  it('connects an account with an access token, publishes an uploaded PNG that Instagram fetched from the signed address, with the permalink as external_url; the address altered answers 404', () =>
    service.diagnose(async () => {
      const workspace = await approverWorkspace(admin, 'Instagram');
      const user = instagram.addUser('acme.studio', 'Acme Studio');
      const connected = await admin.post(`/api/${workspace}/accounts`, { provider: 'instagram', credentials: { access_token: instagram.login.longLivedTokenOf(user) } });
      expect(connected.body).toMatchObject({ provider: 'instagram', name: 'Acme Studio', username: 'acme.studio', authorized: true });

      const image = pngImage(120, 90, 7);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'studio.png');
      const uploaded = await fetch(`${service.baseUrl}/api/${workspace}/media`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
      expect(uploaded.status).toBe(201);
      const media = (await uploaded.json()) as { id: string };

      const versions = [{ account_id: 0, is_original: true, content: [{ body: 'Fresh from the studio', media: [media.id] }], options: { instagram: { type: 'post' } } }];
      const post = createdBody(await admin.post(`/api/${workspace}/posts`, { versions, accounts: [connected.body.id], schedule_now: true }), 'scheduling the post');
      const published = await waitForStatus(admin, workspace, post.uuid, 'published');

      const [onInstagram] = instagram.mediaOf(user.id);
      expect(onInstagram).toMatchObject({ caption: 'Fresh from the studio', mediaType: 'IMAGE', productType: 'FEED' });
      expect(onInstagram.files[0].equals(image)).toBe(true);
      expect(published.accounts[0]).toMatchObject({ id: connected.body.id, errors: [], external_url: `https://www.instagram.com/p/${onInstagram.shortcode}/` });

      const [fetched] = instagram.fetches;
      expect(fetched).toEqual({ url: expect.stringMatching(new RegExp(`^${publicUrl}/api/media-files/${media.id}\\.png\\?expires=\\d+&signature=[\\w-]+$`)), outcome: 200 });
      // Its first character changed (the last one's low bits are padding, which base64url decoding drops).
      const altered = new URL(fetched.url);
      const signature = altered.searchParams.get('signature')!;
      altered.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
      expect((await fetch(altered)).status).toBe(404);
      expect((await fetch(fetched.url)).status).toBe(200);
    }));
});
