import type { OAuthAppSettings } from '@app/config';
import { mediaFixture } from '@app/media-store/testing';
import { ProviderHttp } from '../../../apps/publisher/src/providers/http/provider-http';
import { ProcessingSettings } from '../../../apps/publisher/src/providers/processing/await-processing';
import { ProviderConnection } from '../../../apps/publisher/src/providers/publish-provider';
import { TikTokProvider } from '../../../apps/publisher/src/providers/tiktok/tiktok-provider';
import { FaultProxy } from '../support/fault-proxy';
import { memorySession } from '../support/memory-session';
import { mp4Media, SampleMedia, sampleMedia } from '../support/provider-scenarios';
import { SignedMediaServer } from '../support/signed-media-server';
import { TikTokApiServer } from './tiktok-api-server';
import { APP_SCOPES, TikTokCreator } from './tiktok-oauth';

/** The chunk size of the tests: small videos go in several chunks (TikTok's own minimum is 5 MB). */
export const TEST_CHUNK_BYTES = 16 * 1024;
/** Polls without waiting long, within a timeout no test reaches unless it means to. */
export const TEST_PROCESSING: ProcessingSettings = { timeoutMs: 20_000, intervalMs: 10 };

/** A connected creator as the publisher keeps them: the session in memory. */
export type TikTokConnection = ProviderConnection & { session: ReturnType<typeof memorySession> };

/**
 * A local TikTok behind a fault proxy (its upload URLs too), the service's signed media server
 * (a verified URL prefix for TikTok's photo pulls), and the provider pointed at them.
 */
export class LocalTikTok {
  private nextAccount = 1;

  private constructor(
    readonly api: TikTokApiServer,
    readonly proxy: FaultProxy,
    readonly mediaServer: SignedMediaServer,
    readonly app: OAuthAppSettings,
    readonly tiktok: TikTokProvider,
  ) {}

  static async start(): Promise<LocalTikTok> {
    const api = await TikTokApiServer.start();
    const proxy = await FaultProxy.start(api.url);
    const mediaServer = await SignedMediaServer.start();
    api.publicUrl = proxy.url;
    api.posting.verifiedUrlPrefixes = [mediaServer.url];
    api.posting.chunkRules.minChunkBytes = TEST_CHUNK_BYTES;
    const app = { clientId: api.oauth.clientKey, clientSecret: api.oauth.clientSecret, authUrl: `${proxy.url}/v2/auth`, apiUrl: proxy.url, tokenUrl: `${proxy.url}/v2/oauth/token/` };
    return new LocalTikTok(api, proxy, mediaServer, app, LocalTikTok.provider(app));
  }

  /** The provider against this TikTok, with these settings of its app and of processing. */
  static provider(app: OAuthAppSettings, processing: ProcessingSettings = TEST_PROCESSING): TikTokProvider {
    return new TikTokProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), app, processing, TEST_CHUNK_BYTES);
  }

  /** A creator connected with tokens (the app's scopes unless told), verified and kept as the publisher keeps them. */
  async connect(creator: TikTokCreator = this.api.addCreator(`creator${this.nextAccount}`), scopes: readonly string[] = APP_SCOPES): Promise<TikTokConnection> {
    const credentials = this.api.tokensOf(creator, scopes);
    const verified = await this.tiktok.verify({}, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: this.nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null) };
  }

  /** An account whose token TikTok does not know. */
  refusedConnection(): TikTokConnection {
    return { accountId: this.nextAccount++, settings: { open_id: 'gone' }, credentials: {}, session: memorySession({ access_token: 'act.revoked', refresh_token: null, expires_at: null }) };
  }

  /** A video of the media store, served at signed addresses. */
  video(options: Parameters<typeof mp4Media>[0] = {}): Promise<SampleMedia> {
    return this.mediaServer.serve(mp4Media(options));
  }

  /** A JPEG photo of the media store, served at signed addresses. */
  photo(): Promise<SampleMedia> {
    return this.mediaServer.serve(jpegMedia());
  }

  async stop(): Promise<void> {
    await this.proxy?.stop();
    await this.api?.stop();
    await this.mediaServer?.stop();
  }
}

/** A JPEG photo as the publisher reads it from the media store. */
export const jpegMedia = (): SampleMedia => sampleMedia(mediaFixture('photo.jpg'), { mimeType: 'image/jpeg', width: 40, height: 30 });

export const openIdOf = (account: ProviderConnection): string => String(account.settings.open_id);
