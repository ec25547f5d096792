import type { OAuthAppSettings } from '@app/config';
import { ProviderHttp } from '../../../apps/publisher/src/providers/http/provider-http';
import { ProcessingSettings } from '../../../apps/publisher/src/providers/processing/await-processing';
import { ProviderConnection } from '../../../apps/publisher/src/providers/publish-provider';
import { RedditProvider } from '../../../apps/publisher/src/providers/reddit/reddit-provider';
import { FaultProxy } from '../support/fault-proxy';
import { memorySession } from '../support/memory-session';
import { pngMedia, ScenarioTarget } from '../support/provider-scenarios';
import { SignedMediaServer } from '../support/signed-media-server';
import { RedditApiServer } from './reddit-api-server';

/** A connected account as the tests keep it: its session in memory, readable and changeable. */
export type RedditConnection = ProviderConnection & { session: ReturnType<typeof memorySession> };

/** The options every post of the scenarios carries: Reddit needs a subreddit and a title. */
export const SCENARIO_OPTIONS = { reddit: { subreddit: 'test', title: 'A title' } };

/**
 * A local Reddit behind a fault proxy (its media bucket too: uploads pass the proxy), the
 * service's media store with signed addresses, and a RedditProvider pointed at them.
 */
export class RedditFixture {
  private nextAccount = 1;

  private constructor(
    readonly api: RedditApiServer,
    readonly proxy: FaultProxy,
    readonly mediaServer: SignedMediaServer,
    readonly app: OAuthAppSettings,
  ) {}

  static async start(): Promise<RedditFixture> {
    const api = await RedditApiServer.start();
    const proxy = await FaultProxy.start(api.url);
    api.bucket.host = new URL(proxy.url).host;
    const app = { clientId: api.oauth.clientId, clientSecret: api.oauth.clientSecret, authUrl: `${proxy.url}/api/v1`, apiUrl: proxy.url, tokenUrl: `${proxy.url}/api/v1/access_token` };
    return new RedditFixture(api, proxy, await SignedMediaServer.start(), app);
  }

  /** A provider on this Reddit; image posts are looked for every 20 ms, for at most `timeoutMs`. */
  provider(processing: Partial<ProcessingSettings> = {}, app: Partial<OAuthAppSettings> = {}): RedditProvider {
    return new RedditProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), { ...this.app, ...app }, { timeoutMs: 10_000, intervalMs: 20, ...processing });
  }

  /** A new Reddit user's account, connected with tokens sent directly and verified. */
  async connection(provider: RedditProvider, settings: Record<string, unknown> = {}): Promise<RedditConnection> {
    const user = this.api.addUser(`user${this.nextAccount}_${Date.now() % 100_000}`);
    return this.connected(provider, this.api.oauth.tokensOf(user), settings);
  }

  async connected(provider: RedditProvider, credentials: Record<string, unknown>, settings: Record<string, unknown> = {}): Promise<RedditConnection> {
    const verified = await provider.verify(settings, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: this.nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null) };
  }

  /** The scenario suites' target: self posts (text), with the subreddit and title every post needs. */
  target(provider: RedditProvider): ScenarioTarget {
    return {
      provider,
      proxy: this.proxy,
      publishPath: /^\/api\/submit$/,
      connection: () => this.connection(provider),
      refusedConnection: async () => ({ accountId: this.nextAccount++, settings: { user_name: 'gone' }, credentials: {}, session: memorySession({ access_token: 'revoked', refresh_token: null, expires_at: null }) }),
      overLimit: { text: 'x'.repeat(40_001), message: /^this is too long \(max: 40000\) \[TOO_LONG: text\]$/ },
      rateLimitHeaders: (seconds) => ({ 'x-ratelimit-used': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(seconds) }),
      publishedTexts: async (account) => this.api.textsOf(nameOf(account)),
      publishedMedia: async (account) => this.api.mediaOf(nameOf(account)),
      optionsOfEveryPost: SCENARIO_OPTIONS,
    };
  }

  /** The target of image posts: every post carries a PNG from the service's media store. */
  imageTarget(provider: RedditProvider): ScenarioTarget {
    return { ...this.target(provider), mediaServer: this.mediaServer, mediaOfEveryPost: async () => [await this.mediaServer.serve(pngMedia(40, 30))] };
  }

  async stop(): Promise<void> {
    await this.proxy.stop();
    await this.api.stop();
    await this.mediaServer.stop();
  }
}

/** The Reddit user name of a connected account, as verify kept it. */
export const nameOf = (account: ProviderConnection): string => String(account.settings.user_name);
