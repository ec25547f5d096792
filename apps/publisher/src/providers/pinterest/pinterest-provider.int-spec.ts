import type { OAuthAppSettings } from '@app/config';
import { pngImage } from '@app/media-store/testing';
import { asyncStepScenarios } from '@test/providers/support/async-step-scenarios';
import { FaultProxy } from '@test/providers/support/fault-proxy';
import { memoryProgress, memorySession } from '@test/providers/support/memory-session';
import { mp4Media, pngMedia, providerScenarios, request, sampleMedia, ScenarioTarget } from '@test/providers/support/provider-scenarios';
import { SignedMediaServer } from '@test/providers/support/signed-media-server';
import { PinterestApiServer, PinterestUser } from '@test/providers/pinterest/pinterest-api-server';
import { UPLOAD_PATH } from '@test/providers/pinterest/pinterest-media-api';
import { ProviderHttp } from '../http/provider-http';
import { ProcessingMessages } from '../processing/await-processing';
import { ProviderConnection, PublishMedia } from '../publish-provider';
import { PinMessages } from './pinterest-pin';
import { PinterestProvider } from './pinterest-provider';
import { VideoMessages } from './pinterest-video';

jest.setTimeout(60_000);

type Connected = ProviderConnection & { session: ReturnType<typeof memorySession>; user: PinterestUser; boardId: string };

/** Pinterest against a local server answering as the API v5 reference documents it, fetching media from signed addresses. */
describe('PinterestProvider', () => {
  let api: PinterestApiServer;
  let proxy: FaultProxy;
  let media: SignedMediaServer;
  let app: OAuthAppSettings;
  let pinterest: PinterestProvider;
  let nextAccount = 1;
  const processing = { timeoutMs: 10_000, intervalMs: 20 };
  const http = new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 });

  beforeAll(async () => {
    api = await PinterestApiServer.start();
    proxy = await FaultProxy.start(api.url);
    api.uploadBaseUrl = proxy.url;
    media = await SignedMediaServer.start();
    app = { clientId: api.clientId, clientSecret: api.clientSecret, authUrl: `${proxy.url}/oauth`, apiUrl: `${proxy.url}/v5`, tokenUrl: `${proxy.url}/v5/oauth/token` };
    pinterest = new PinterestProvider(http, app, processing);
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
    await media?.stop();
  });

  /** An account connected with tokens sent directly, its board in its settings, verified and kept as the publisher keeps it. */
  async function connection(businessName: string | null = null): Promise<Connected> {
    const { user, board } = api.addUser(`pinner${nextAccount}`, businessName);
    const credentials = api.tokensOf(user);
    const verified = await pinterest.verify({ board_id: board.id }, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null), user, boardId: board.id };
  }
  const pinsOf = (account: ProviderConnection) => api.pinsOn(String(account.settings.board_id));
  const served = <M extends PublishMedia & { bytes: Buffer }>(file: M) => media.serve(file);

  const target = (file: () => PublishMedia & { bytes: Buffer }) => (): ScenarioTarget => ({
    provider: pinterest,
    proxy,
    publishPath: /^\/v5\/pins$/,
    connection: () => connection(),
    refusedConnection: async () => ({ accountId: nextAccount++, settings: { board_id: '1' }, credentials: {}, session: memorySession({ access_token: 'revoked', refresh_token: null, expires_at: null }) }),
    overLimit: { text: 'p'.repeat(801), message: /Length must be between 0 and 800/ },
    rateLimitHeaders: (seconds) => ({ 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(seconds) }),
    publishedTexts: async (account) => pinsOf(account).map((pin) => pin.description ?? ''),
    publishedMedia: async (account) => pinsOf(account).map((pin) => ({ text: pin.description ?? '', files: pin.files })),
    mediaOfEveryPost: async () => [await served(file())],
    mediaServer: media,
  });
  const imagePins = target(() => pngMedia(64, 48));
  const videoPins = target(() => mp4Media());

  describe('the scenarios of every provider (image pins)', () => providerScenarios(imagePins));
  describe('a video pin, cut at each of its steps', () =>
    asyncStepScenarios(videoPins, [
      { name: 'the registration of the video', path: /^\/v5\/media$/ },
      { name: 'the upload of the video', path: new RegExp(`^${UPLOAD_PATH}$`) },
      { name: 'a check of its processing', path: /^\/v5\/media\/\d+$/ },
      { name: 'the creation of the pin', path: /^\/v5\/pins$/ },
    ]));

  it('connects with the code of an authorization (the app in HTTP Basic): reports the handle and the business name, and keeps the tokens as the session', async () => {
    const { user, board } = api.addUser('acme', 'Acme Studio');
    const redirectUri = 'https://service.example/api/oauth/pinterest/callback';
    api.approvingUser = user;
    const authorize = new URL(`${app.authUrl}/`);
    Object.entries({ response_type: 'code', client_id: api.clientId, redirect_uri: redirectUri, scope: 'boards:read,pins:read,pins:write,user_accounts:read', state: 's' }).forEach(([name, value]) => authorize.searchParams.set(name, value));
    const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;

    const verified = await pinterest.verify({ board_id: board.id }, { code, redirect_uri: redirectUri });

    expect(verified).toEqual({
      kind: 'verified',
      account: { username: 'acme', name: 'Acme Studio', avatarUrl: `https://i.pinimg.com/600x600_R/${user.id}.jpg`, settings: { board_id: board.id }, session: { access_token: expect.stringMatching(/^pina_/), refresh_token: expect.stringMatching(/^pinr_/), expires_at: expect.any(Number) } },
    });
    expect(await pinterest.verify({}, { code, redirect_uri: redirectUri })).toEqual({ kind: 'rejected', message: 'Invalid authorization code.' });
    const personal = await connection();
    expect(await pinterest.verify({}, personal.credentials)).toMatchObject({ kind: 'verified', account: { username: personal.user.username, name: personal.user.username } });
  });

  it('refreshes a token about to expire before publishing and keeps the new refresh token; a refused refresh asks for the account to be connected again', async () => {
    const account = await connection();
    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    const before = account.session.current.refresh_token;

    const outcome = await pinterest.publish(request(account, 'After a refresh', undefined, [await served(pngMedia(32, 32))]));
    expect(outcome).toMatchObject({ kind: 'published', externalUrl: expect.stringMatching(/^https:\/\/www\.pinterest\.com\/pin\/\d+\/$/) });
    expect(account.session.current.refresh_token).not.toBe(before);
    expect(account.session.current.expires_at).toBeGreaterThan(Date.now() + 86_400_000);

    account.session.current = { ...account.session.current, expires_at: Date.now() + 60_000 };
    api.revokeTokens(account.user);
    expect(await pinterest.publish(request(account, 'Never published', undefined, [await served(pngMedia(32, 32))]))).toEqual({
      kind: 'reauthorize',
      message: 'The platform refused to refresh the access token: Invalid refresh token.',
    });
  });

  it('refreshes once a token Pinterest refuses before its expiry, and makes the call again; when that refresh is refused too, asks for the account to be connected again', async () => {
    const account = await connection();
    const refused = account.session.current!.access_token;
    api.revokeTokens(account.user, 'access');
    const refreshes = api.refreshes;

    expect(await pinterest.publish(request(account, 'With a new token', undefined, [await served(pngMedia(32, 32))]))).toMatchObject({ kind: 'published' });
    expect(api.refreshes).toBe(refreshes + 1);
    expect(account.session.current!.access_token).not.toBe(refused);

    api.revokeTokens(account.user);
    expect(await pinterest.publish(request(account, 'Never published', undefined, [await served(pngMedia(32, 32))]))).toMatchObject({ kind: 'reauthorize' });
    expect(pinsOf(account).map((pin) => pin.description)).toEqual(['With a new token']);
  });

  it('pins 2 to 5 images as a carousel, each fetched from its signed address; more than 5 are refused before anything is sent', async () => {
    const account = await connection();
    const images = await Promise.all([1, 2, 3].map((seed) => served(pngMedia(40, 30, seed))));
    expect(await pinterest.publish(request(account, 'Three views', undefined, images))).toMatchObject({ kind: 'published' });
    expect(pinsOf(account)).toMatchObject([{ mediaType: 'multiple_images', description: 'Three views' }]);
    expect(pinsOf(account)[0].files.map((file, index) => file.equals(images[index].bytes))).toEqual([true, true, true]);

    const six = Array.from({ length: 6 }, (_, seed) => pngMedia(8, 8, seed));
    expect(await pinterest.publish(request(account, 'Too many', undefined, six))).toEqual({ kind: 'rejected', message: PinMessages.tooManyImages });
  });

  it('pins a video: registered, sent to the upload URL as a form with the upload parameters, pinned once processed, its first frame the cover; each step journaled', async () => {
    const account = await connection();
    const video = await served(mp4Media());
    const pin = request(account, 'A short film', undefined, [video]);

    expect(await pinterest.publish(pin)).toMatchObject({ kind: 'published' });

    expect(pinsOf(account)).toMatchObject([{ mediaType: 'video', description: 'A short film', cover: null }]);
    expect(pinsOf(account)[0].files[0].equals(video.bytes)).toBe(true);
    expect((pin.progress as ReturnType<typeof memoryProgress>).current).toEqual({ media_id: expect.stringMatching(/^\d+$/), media_uploaded: true, processing_started_at: expect.any(Number), pin_requested: true });
  });

  it('after a lost answer to the upload, the try made again finds the file arrived: it is neither registered nor sent again', async () => {
    const account = await connection();
    const pin = request(account, 'Uploaded once', undefined, [await served(mp4Media())]);
    const sent = () => proxy.seen.filter((call) => call === `POST ${UPLOAD_PATH}` || call === 'POST /v5/media').length;
    const before = sent();
    proxy.failNext(new RegExp(`^${UPLOAD_PATH}$`), { hangAfterForward: true });
    expect(await pinterest.publish(pin)).toMatchObject({ kind: 'retry_later' });
    expect(await pinterest.publish(pin)).toMatchObject({ kind: 'published' });
    expect(sent() - before).toBe(2);
    expect(pinsOf(account)).toMatchObject([{ mediaType: 'video', description: 'Uploaded once' }]);
  });

  it('a video with an image: the image is the video’s cover, fetched from its address', async () => {
    const account = await connection();
    const [video, cover] = [await served(mp4Media()), await served(pngMedia(64, 36))];
    expect(await pinterest.publish(request(account, 'With a cover', undefined, [video, cover]))).toMatchObject({ kind: 'published' });
    expect(pinsOf(account)[0].cover?.equals(cover.bytes)).toBe(true);
    expect(await pinterest.publish(request(account, 'Two videos', undefined, [video, await served(mp4Media())]))).toEqual({ kind: 'rejected', message: PinMessages.videoMix });
  });

  it('refuses a video Pinterest could not process, saying so', async () => {
    const account = await connection();
    const notAVideo = await served(sampleMedia(pngImage(16, 16, 3), { mimeType: 'video/mp4', width: null, height: null }));
    const outcome = await pinterest.publish(request(account, 'Broken', undefined, [notAVideo]));
    expect(outcome).toEqual({ kind: 'rejected', message: VideoMessages.failed([...api.media.uploads.keys()].at(-1)!) });
    expect(pinsOf(account)).toEqual([]);
  });

  it('fails the account when the video is still processing after PROVIDER_PROCESSING_TIMEOUT_MS, counted from the journaled start', async () => {
    const impatient = new PinterestProvider(http, app, { timeoutMs: 300, intervalMs: 20 });
    const account = await connection();
    api.media.processingMs = Infinity;
    try {
      const pin = request(account, 'Still processing', undefined, [await served(mp4Media())]);
      expect(await impatient.publish(pin)).toEqual({ kind: 'rejected', message: ProcessingMessages.tooLong('Pinterest', 0, 'processing') });
      const started = Date.now();
      expect(await impatient.publish(pin)).toMatchObject({ kind: 'rejected' });
      expect(Date.now() - started).toBeLessThan(300);
      expect(pinsOf(account)).toEqual([]);
    } finally {
      api.media.processingMs = 30;
    }
  });

  it('pins to the board, with the title and link, of the version’s options over the account’s board; without a board anywhere, refuses', async () => {
    const account = await connection();
    const recipes = api.addBoard(account.user, 'Recipes');
    const options = { pinterest: { board_id: recipes.id, title: 'Plum cake', link: 'https://example.com/plum-cake' } };
    expect(await pinterest.publish({ ...request(account, 'Bake it tonight', undefined, [await served(pngMedia(32, 32))]), options })).toMatchObject({ kind: 'published' });
    expect(api.pinsOn(recipes.id)).toMatchObject([{ title: 'Plum cake', link: 'https://example.com/plum-cake', description: 'Bake it tonight' }]);
    expect(pinsOf(account)).toEqual([]);

    const boardless = { ...account, settings: {} };
    expect(await pinterest.publish(request(boardless, 'Nowhere', undefined, [pngMedia(8, 8)]))).toEqual({ kind: 'rejected', message: PinMessages.noBoard });
  });

  it('refuses a pin on a board that is not the account’s with Pinterest’s own message', async () => {
    const account = await connection();
    const stranger = await connection();
    const options = { pinterest: { board_id: stranger.boardId } };
    expect(await pinterest.publish({ ...request(account, 'Elsewhere', undefined, [await served(pngMedia(8, 8))]), options })).toEqual({ kind: 'rejected', message: 'Board not found.' });
  });

  it('after a lost answer, takes only a pin created since the first attempt for its own: an older pin of the same text is not it', async () => {
    const account = await connection();
    const older = await pinterest.publish(request(account, 'Same words', undefined, [await served(pngMedia(8, 8))]));
    const later = { ...request(account, 'Same words', undefined, [await served(pngMedia(8, 8))]), firstAttemptAt: new Date(Date.now() + 60_000), progress: memoryProgress({ pin_requested: true }) };
    const outcome = await pinterest.publish(later);
    expect(outcome).toMatchObject({ kind: 'published' });
    expect(outcome).not.toEqual(older);
    expect(pinsOf(account).map((pin) => pin.description)).toEqual(['Same words', 'Same words']);
  });

  it('deletes a pin; one already gone counts as deleted', async () => {
    const account = await connection();
    const outcome = await pinterest.publish(request(account, 'Short-lived', undefined, [await served(pngMedia(8, 8))]));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await pinterest.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(pinsOf(account)).toEqual([]);
    expect(await pinterest.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
  });

  it('says what is missing: a code and its redirect URI, or tokens; a board id of digits; and names the settings of an app that is not configured', async () => {
    expect(pinterest.validate({}, {})).toEqual({ 'credentials.code': ['The credentials.code field is required.'], 'credentials.redirect_uri': ['The credentials.redirect_uri field is required.'] });
    expect(pinterest.validate({ board_id: 'my board' }, { access_token: 't', refresh_token: 'r' })).toEqual({ 'settings.board_id': ['The settings.board_id field must be the id of a Pinterest board (digits).'] });
    expect(pinterest.validate({ board_id: '549755885175' }, { access_token: 't' })).toEqual({});
    const unconfigured = new PinterestProvider(http, { ...app, clientSecret: null }, processing);
    expect(await unconfigured.verify({}, { code: 'c', redirect_uri: 'https://service.example/cb' })).toEqual({
      kind: 'rejected',
      message: 'pinterest is not configured on this service: set OAUTH_PINTEREST_CLIENT_ID and OAUTH_PINTEREST_CLIENT_SECRET.',
    });
  });
});
