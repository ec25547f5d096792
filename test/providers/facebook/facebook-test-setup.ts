import type { OAuthAppSettings } from '@app/config';
import { ProviderHttp } from '../../../apps/publisher/src/providers/http/provider-http';
import { ProcessingSettings } from '../../../apps/publisher/src/providers/processing/await-processing';
import { FacebookProvider } from '../../../apps/publisher/src/providers/facebook/facebook-provider';
import { ProviderConnection } from '../../../apps/publisher/src/providers/publish-provider';
import { FaultProxy } from '../support/fault-proxy';
import { memorySession } from '../support/memory-session';
import { ScenarioTarget } from '../support/provider-scenarios';
import { SignedMediaServer } from '../support/signed-media-server';
import { FacebookGraphServer } from './facebook-graph-server';

/** A connected Page as the publisher keeps it, its session in memory. */
export type PageConnection = ProviderConnection & { session: ReturnType<typeof memorySession> };

/**
 * A FacebookProvider against the local Graph API, behind a fault proxy (upload sessions too), with
 * the service's signed media addresses served by a SignedMediaServer for Facebook to fetch.
 */
export class FacebookTestSetup {
  private nextPage = 1;

  private constructor(
    readonly api: FacebookGraphServer,
    readonly proxy: FaultProxy,
    readonly media: SignedMediaServer,
    readonly app: OAuthAppSettings,
  ) {}

  static async start(): Promise<FacebookTestSetup> {
    const api = await FacebookGraphServer.start();
    const proxy = await FaultProxy.start(api.url);
    api.uploadBase = proxy.url;
    const app = { clientId: api.login.clientId, clientSecret: api.login.clientSecret, authUrl: `${proxy.url}/v21.0/dialog`, apiUrl: `${proxy.url}/v21.0`, tokenUrl: `${proxy.url}/v21.0/oauth/access_token` };
    return new FacebookTestSetup(api, proxy, await SignedMediaServer.start(), app);
  }

  /** A provider on this setup; processing is looked at every 20 ms, for 10 s unless told. */
  provider(processing: Partial<ProcessingSettings> = {}, app: Partial<OAuthAppSettings> = {}): FacebookProvider {
    return new FacebookProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), { ...this.app, ...app }, { timeoutMs: 10_000, intervalMs: 20, ...processing });
  }

  /** A new Page, connected with its Page token sent directly and verified as the publisher would. */
  async connection(provider: FacebookProvider): Promise<PageConnection> {
    const { page, token } = this.api.addPage(`Page ${this.nextPage}`, `page.${this.nextPage}`);
    const credentials = { page_access_token: token };
    const verified = await provider.verify({ page_id: page.id }, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: this.nextPage++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null) };
  }

  /** The scenario suites' view of a provider on this setup: text posts of the feed, unless the overrides say otherwise. */
  target(provider: FacebookProvider, overrides: Partial<ScenarioTarget> = {}): ScenarioTarget {
    const pageOf = (connection: ProviderConnection) => String(connection.settings.page_id);
    return {
      provider,
      proxy: this.proxy,
      publishPath: /^\/v21\.0\/\d+\/feed$/,
      connection: () => this.connection(provider),
      refusedConnection: async () => ({ accountId: this.nextPage++, settings: { page_id: this.api.addPage('Gone').page.id }, credentials: {}, session: memorySession({ access_token: 'revoked', refresh_token: null, expires_at: null }) }),
      overLimit: { text: 'x'.repeat(63_207), message: /^\(#100\) Param message must be at most 63206 characters long$/ },
      // Facebook's own wait: minutes in X-Business-Use-Case-Usage (fractions of a minute for the suite's seconds).
      rateLimitHeaders: (seconds) => ({ 'x-business-use-case-usage': JSON.stringify({ '1': [{ type: 'pages', call_count: 100, total_cputime: 20, total_time: 20, estimated_time_to_regain_access: seconds / 60 }] }) }),
      publishedTexts: async (connection) => this.api.textsOf(pageOf(connection)),
      publishedMedia: async (connection) => this.api.mediaOf(pageOf(connection)),
      mediaServer: this.media,
      ...overrides,
    };
  }

  async stop(): Promise<void> {
    await this.proxy?.stop();
    await this.api?.stop();
    await this.media?.stop();
  }
}

/** The setup and its provider that the tests of a describe block use. */
export interface FacebookUnderTest {
  setup: FacebookTestSetup;
  facebook: FacebookProvider;
}

/** A setup and a provider on it for the describe block this is called in: started before its tests, stopped after them. */
export function facebookUnderTest(): FacebookUnderTest {
  const local = {} as FacebookUnderTest;
  beforeAll(async () => {
    local.setup = await FacebookTestSetup.start();
    local.facebook = local.setup.provider();
  });
  afterAll(() => local.setup?.stop());
  return local;
}
