import type { OAuthAppSettings } from '@app/config';
import { ProviderHttp } from '../../../apps/publisher/src/providers/http/provider-http';
import { InstagramProvider } from '../../../apps/publisher/src/providers/instagram/instagram-provider';
import { ProviderConnection, PublishProvider } from '../../../apps/publisher/src/providers/publish-provider';
import { FaultProxy } from '../support/fault-proxy';
import { memorySession } from '../support/memory-session';
import { pngMedia, SampleMedia, ScenarioTarget } from '../support/provider-scenarios';
import { SignedMediaServer } from '../support/signed-media-server';
import { InstagramApiServer, InstagramUser } from './instagram-api-server';

/** HTTP to the local Instagram: quick to give up on an answer that never comes (a lost answer costs a second). */
export const TEST_HTTP = new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 });
/** Processing checked often, given up after 10 seconds. */
export const TEST_PROCESSING = { timeoutMs: 10_000, intervalMs: 20 };

/** An account connected as the publisher keeps it, with its user on the local Instagram. */
export type InstagramConnection = ProviderConnection & { session: ReturnType<typeof memorySession>; user: InstagramUser };

/**
 * A local Instagram behind a FaultProxy, and the service's media store serving signed addresses
 * that Instagram fetches from: what the Instagram provider's tests run against. The app points at
 * the proxy for its three hosts (the API under `/v21.0`, as the real one is).
 */
export class LocalInstagram {
  private nextAccount = 1;

  private constructor(
    readonly api: InstagramApiServer,
    readonly proxy: FaultProxy,
    readonly media: SignedMediaServer,
  ) {}

  static async start(): Promise<LocalInstagram> {
    const api = await InstagramApiServer.start();
    return new LocalInstagram(api, await FaultProxy.start(api.url), await SignedMediaServer.start());
  }

  get app(): OAuthAppSettings {
    const { clientId, clientSecret } = this.api.login;
    return { clientId, clientSecret, authUrl: `${this.proxy.url}/oauth`, apiUrl: `${this.proxy.url}/v21.0`, tokenUrl: `${this.proxy.url}/oauth/access_token` };
  }

  /** An account of a new user, connected with a long-lived token sent directly, verified by `provider`. */
  async connect(provider: PublishProvider, user = this.api.addUser(`user${this.nextAccount}`, `User ${this.nextAccount}`)): Promise<InstagramConnection> {
    const credentials = { access_token: this.api.login.longLivedTokenOf(user) };
    const verified = await provider.verify({}, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: this.nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null), user };
  }

  /** These media kept in the media store, served at signed addresses. */
  serve(...files: SampleMedia[]): Promise<SampleMedia[]> {
    return Promise.all(files.map((file) => this.media.serve(file)));
  }

  /** The scenario target of `provider` on this Instagram: every post carries an image unless `overrides` say otherwise. */
  target(provider: PublishProvider, overrides: Partial<ScenarioTarget> = {}): ScenarioTarget {
    const userIdOf = (connection: ProviderConnection) => String(connection.settings.user_id);
    return {
      provider,
      proxy: this.proxy,
      publishPath: /\/media_publish$/,
      connection: () => this.connect(provider),
      refusedConnection: async () => ({
        accountId: this.nextAccount++,
        settings: { user_id: '17841400000000001', username: 'revoked' },
        credentials: {},
        session: memorySession({ access_token: 'revoked', refresh_token: 'revoked', expires_at: null }),
      }),
      overLimit: { text: 'x'.repeat(2201), message: /caption was too long/ },
      rateLimitHeaders: (seconds) => ({
        'x-business-use-case-usage': JSON.stringify({ '17841400000000001': [{ type: 'instagram', call_count: 100, total_cputime: 12, total_time: 25, estimated_time_to_regain_access: seconds / 60 }] }),
      }),
      rateLimitResetUnitSeconds: 60,
      publishedTexts: async (connection) => this.api.captionsOf(userIdOf(connection)),
      publishedMedia: async (connection) => this.api.mediaOf(userIdOf(connection)).map((media) => ({ text: media.caption ?? '', files: media.files })),
      mediaOfEveryPost: () => this.serve(pngMedia(64, 48)),
      mediaServer: this.media,
      ...overrides,
    };
  }

  async stop(): Promise<void> {
    await this.proxy.stop();
    await this.api.stop();
    await this.media.stop();
  }
}

/** A local Instagram started, and the provider under test pointed at it. */
export async function instagramUnderTest(): Promise<{ local: LocalInstagram; instagram: InstagramProvider }> {
  const local = await LocalInstagram.start();
  return { local, instagram: new InstagramProvider(TEST_HTTP, local.app, TEST_PROCESSING) };
}
