import type { OAuthAppSettings } from '@app/config';
import { ProviderHttp } from '../../../apps/publisher/src/providers/http/provider-http';
import { ProcessingSettings } from '../../../apps/publisher/src/providers/processing/await-processing';
import { ProviderConnection } from '../../../apps/publisher/src/providers/publish-provider';
import { YouTubeProvider } from '../../../apps/publisher/src/providers/youtube/youtube-provider';
import { FaultProxy } from '../support/fault-proxy';
import { memorySession } from '../support/memory-session';
import { mp4Media, SampleMedia, ScenarioTarget } from '../support/provider-scenarios';
import { SignedMediaServer } from '../support/signed-media-server';
import { UPLOAD_UNIT } from './youtube-uploads';
import { YouTubeApiServer } from './youtube-api-server';

/** Status checks of processing in tests: quick ones, within a timeout that a healthy test never meets. */
export const TEST_PROCESSING: ProcessingSettings = { timeoutMs: 10_000, intervalMs: 10 };

/** A video of a bit more than one upload unit: two chunks of one unit each. */
export const twoChunkVideo = (): SampleMedia => mp4Media({ payloadBytes: UPLOAD_UNIT + 40 * 1024 });

/** An account connected through a provider, its session in memory (what the publisher keeps encrypted). */
export type Connected = ProviderConnection & { session: ReturnType<typeof memorySession> };

/**
 * The local YouTube behind a FaultProxy (session URIs point at the proxy, as they would at
 * www.googleapis.com), the service's media store with signed addresses, and providers pointed at
 * them: by default one that uploads in chunks of one unit (256 KiB).
 */
export class LocalYouTube {
  readonly http = new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 });
  readonly app: OAuthAppSettings;
  readonly provider: YouTubeProvider;
  private nextAccount = 1;

  private constructor(
    readonly api: YouTubeApiServer,
    readonly proxy: FaultProxy,
    readonly media: SignedMediaServer,
  ) {
    this.app = { clientId: api.oauth.clientId, clientSecret: api.oauth.clientSecret, authUrl: `${proxy.url}/o/oauth2/v2`, apiUrl: proxy.url, tokenUrl: `${proxy.url}/token` };
    this.provider = this.providerWith();
  }

  static async start(): Promise<LocalYouTube> {
    const api = await YouTubeApiServer.start();
    const proxy = await FaultProxy.start(api.url);
    api.publicUrl = proxy.url;
    return new LocalYouTube(api, proxy, await SignedMediaServer.start());
  }

  /** A provider against this YouTube, with these processing settings and chunks. */
  providerWith(processing: ProcessingSettings = TEST_PROCESSING, chunkBytes = UPLOAD_UNIT, app: OAuthAppSettings = this.app): YouTubeProvider {
    return new YouTubeProvider(this.http, app, processing, chunkBytes);
  }

  /** An account connected with these credentials, verified and kept as the publisher keeps it. */
  async connected(credentials: Record<string, unknown>, provider = this.provider): Promise<Connected> {
    const verified = await provider.verify({}, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: this.nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null) };
  }

  /** A new channel, connected with its tokens. */
  connection(provider = this.provider): Promise<Connected> {
    return this.connected(this.api.tokensOf(this.api.addChannel(`Channel ${this.nextAccount}`)), provider);
  }

  /** The scenario suites' view of this YouTube through `provider`: every post a video with a title. */
  target(provider = this.provider): ScenarioTarget {
    return {
      provider,
      proxy: this.proxy,
      // The PUTs of the bytes: the last one creates the video.
      publishPath: /upload_id=/,
      connection: () => this.connection(provider),
      refusedConnection: async () => ({ accountId: this.nextAccount++, settings: { channel_id: 'UCgone' }, credentials: {}, session: memorySession({ access_token: 'revoked', refresh_token: null, expires_at: null }) }),
      overLimit: { text: 'x'.repeat(5001), message: /^The request metadata specifies an invalid video description\.$/ },
      // YouTube sends no reset header of its own; a 429 may carry Retry-After.
      rateLimitHeaders: (seconds) => ({ 'retry-after': String(seconds) }),
      publishedTexts: async (account) => this.api.descriptionsOf(channelOf(account)),
      publishedMedia: async (account) => this.api.videosOf(channelOf(account)).map((video) => ({ text: video.description, files: [video.bytes] })),
      mediaOfEveryPost: async () => [await this.media.serve(twoChunkVideo())],
      mediaServer: this.media,
      optionsOfEveryPost: { youtube: { title: 'A video of the scenarios' } },
      attachedMedia: twoChunkVideo,
    };
  }

  async stop(): Promise<void> {
    await this.proxy.stop();
    await this.api.stop();
    await this.media.stop();
  }
}

export const channelOf = (account: ProviderConnection): string => String(account.settings.channel_id);
