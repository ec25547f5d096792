import type { OAuthAppSettings } from '@app/config';
import { ProviderHttp } from '../../../apps/publisher/src/providers/http/provider-http';
import { ProcessingSettings } from '../../../apps/publisher/src/providers/processing/await-processing';
import { ProviderConnection } from '../../../apps/publisher/src/providers/publish-provider';
import { ThreadsProvider } from '../../../apps/publisher/src/providers/threads/threads-provider';
import { FaultProxy } from '../support/fault-proxy';
import { memorySession } from '../support/memory-session';
import { SignedMediaServer } from '../support/signed-media-server';
import type { ThreadTarget } from '../support/thread-scenarios';
import { ThreadsApiServer } from './threads-api-server';

/** A connection as the publisher keeps it, its session in memory for the checks. */
export type ThreadsConnection = ProviderConnection & { session: ReturnType<typeof memorySession> };

/** Processing as the tests wait for it: checked often, for at most a few seconds. */
export const TEST_PROCESSING: ProcessingSettings = { timeoutMs: 10_000, intervalMs: 10 };

/**
 * A local Threads behind a fault proxy, the service's signed media server it fetches from, and a
 * provider pointed at them, as the Threads tests share them.
 */
export class LocalThreads {
  private nextAccount = 1;

  private constructor(
    readonly api: ThreadsApiServer,
    readonly proxy: FaultProxy,
    readonly media: SignedMediaServer,
    readonly app: OAuthAppSettings,
  ) {}

  static async start(): Promise<LocalThreads> {
    const api = await ThreadsApiServer.start();
    const proxy = await FaultProxy.start(api.url);
    const media = await SignedMediaServer.start();
    const app = { clientId: api.clientId, clientSecret: api.clientSecret, authUrl: `${proxy.url}/oauth`, apiUrl: `${proxy.url}/v1.0`, tokenUrl: `${proxy.url}/oauth/access_token` };
    return new LocalThreads(api, proxy, media, app);
  }

  /** A provider of this app, with these processing settings. */
  provider(processing: ProcessingSettings = TEST_PROCESSING, app: OAuthAppSettings = this.app): ThreadsProvider {
    return new ThreadsProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), app, processing);
  }

  /** An account connected with these credentials, verified and kept as the publisher keeps it. */
  async connected(provider: ThreadsProvider, credentials: Record<string, unknown>): Promise<ThreadsConnection> {
    const verified = await provider.verify({}, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: this.nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null) };
  }

  /** What the scenario suites need of this provider and its platform. */
  target(provider: ThreadsProvider): ThreadTarget {
    const userIdOf = (account: ProviderConnection) => String(account.settings.user_id);
    return {
      provider,
      proxy: this.proxy,
      publishPath: /\/threads_publish$/,
      connection: () => this.connected(provider, this.api.credentialsOf(this.api.addUser(`user${this.nextAccount}`))),
      refusedConnection: async () => ({ accountId: this.nextAccount++, settings: { user_id: '1' }, credentials: {}, session: memorySession({ access_token: 'revoked', refresh_token: null, expires_at: null }) }),
      overLimit: { text: 'x'.repeat(501), message: /^\(#100\) Param text must be at most 500 characters long\.$/ },
      // Threads sends no reset header of its own; a 429 may carry Retry-After.
      rateLimitHeaders: (seconds) => ({ 'retry-after': String(seconds) }),
      publishedTexts: async (account) => this.api.textsOf(userIdOf(account)),
      publishedMedia: async (account) => this.api.mediaOf(userIdOf(account)),
      threadOf: async (account) => this.api.threadOf(userIdOf(account)),
      mediaServer: this.media,
    };
  }

  async stop(): Promise<void> {
    await this.proxy?.stop();
    await this.api?.stop();
    await this.media?.stop();
  }
}
