import { randomUUID } from 'node:crypto';
import { mp4Video, pngImage } from '@app/media-store/testing';
import { nextStep } from '../../../apps/publisher/src/publish-post/publish-result';
import { ProviderConnection, PublishMedia, PublishOutcome, PublishProvider, PublishRequest } from '../../../apps/publisher/src/providers/publish-provider';
import { crashScenario } from './crash-scenario';
import { FaultProxy } from './fault-proxy';
import { memoryProgress } from './memory-session';
import type { SignedMediaServer } from './signed-media-server';

/** What the scenario suite needs of one provider and the platform server it runs against. */
export interface ScenarioTarget {
  provider: PublishProvider;
  /** The proxy in front of the platform's server, which the provider's connections point at. */
  proxy: FaultProxy;
  /** The path of the request that publishes. */
  publishPath: RegExp;
  /** A connected account with good credentials (verified and kept as the publisher would). */
  connection(): Promise<ProviderConnection>;
  /** An account whose credentials the platform refuses. */
  refusedConnection(): Promise<ProviderConnection>;
  /** A text over the platform's limit, and the message the platform answers for it. */
  overLimit: { text: string; message: string | RegExp };
  /** The platform's rate-limit headers asking for a wait of `seconds` (its own reset header, not Retry-After). */
  rateLimitHeaders(seconds: number): Record<string, string>;
  /** The smallest wait the platform's reset header tells, in seconds (Meta's usage headers count whole minutes: 60); 1 unless told. */
  rateLimitResetUnitSeconds?: number;
  /** The texts published on the platform for this connection, read from the platform's server. */
  publishedTexts(connection: ProviderConnection): Promise<string[]>;
  /** The posts with media on the platform for this connection: each one's text and the bytes of its files as the platform holds them. */
  publishedMedia(connection: ProviderConnection): Promise<{ text: string; files: Buffer[] }[]>;
  /**
   * For platforms that publish nothing without media (Instagram, TikTok, YouTube, Pinterest): the
   * media every post of the scenarios carries, kept in `mediaServer`'s store, where the platform
   * fetches them and the publisher reads them. A text post elsewhere.
   */
  mediaOfEveryPost?: () => Promise<SampleMedia[]>;
  /** The service's media store and signed addresses, for the platforms that fetch media (Instagram, Threads, Facebook). */
  mediaServer?: SignedMediaServer;
  /** The version's options every post of the scenarios carries (`versions.N.options`: a YouTube title, a subreddit). */
  optionsOfEveryPost?: Record<string, unknown>;
  /** The file the scenario of a text with media attaches: a 64×48 PNG unless told (TikTok's photos take JPEG and WebP only; YouTube publishes only a video). */
  attachedMedia?: () => SampleMedia;
}

/** A post's first item as the scenarios publish it to this target: the text, the media given or those every post carries, the options. */
export async function scenarioRequest(target: ScenarioTarget, connection: ProviderConnection, body: string, idempotencyKey?: string, media?: PublishMedia[]): Promise<PublishRequest> {
  const files = media ?? (await target.mediaOfEveryPost?.()) ?? [];
  return { ...request(connection, body, idempotencyKey, files), ...(target.optionsOfEveryPost ? { options: target.optionsOfEveryPost } : {}) };
}

/** The request of a post's first content item: the text, with these media. */
export function request(connection: ProviderConnection, body: string, idempotencyKey = `${randomUUID()}:${connection.accountId}`, media: PublishMedia[] = []): PublishRequest {
  return {
    idempotencyKey,
    firstAttemptAt: new Date(),
    account: { id: connection.accountId, provider: 'test', name: 'Test account', username: null },
    connection,
    item: { body, media: media.map((file) => file.id) },
    followUp: null,
    media,
    progress: memoryProgress(),
  };
}

/** A media file as the publisher hands it to a provider, with its bytes at hand for the checks. */
export type SampleMedia = PublishMedia & { bytes: Buffer };

/** These bytes as a media file of the post, read by the provider when it sends them. */
export function sampleMedia(bytes: Buffer, { mimeType, width, height }: Pick<PublishMedia, 'mimeType' | 'width' | 'height'>): SampleMedia {
  const url = (): string => {
    throw new Error('This media file has no address: serve it from a SignedMediaServer (test/providers/support/signed-media-server.ts)');
  };
  return { id: randomUUID(), mimeType, width, height, size: bytes.length, bytes, read: async () => bytes, url };
}

/** A small MP4 video as the publisher reads it from the media store (MP4 headers give no size). */
export function mp4Media(options: Parameters<typeof mp4Video>[0] = {}): SampleMedia {
  return sampleMedia(mp4Video({ seed: Math.floor(Math.random() * 256), ...options }), { mimeType: 'video/mp4', width: null, height: null });
}

/** A media file as the publisher reads it from the media store: a real PNG, different for every seed. */
export function pngMedia(width: number, height: number, seed = Math.floor(Math.random() * 256)): SampleMedia {
  return sampleMedia(pngImage(width, height, seed), { mimeType: 'image/png', width, height });
}

const count = (texts: string[], text: string) => texts.filter((published) => published === text).length;

/**
 * The scenarios every adapter passes against its platform's server: text, text with an image, over the limit, refused
 * credentials, a 429 with the platform's reset, a 5xx, a timeout after the platform accepted (never
 * published twice), and the platform's own message reaching the account's `errors`.
 */
export function providerScenarios(target: () => ScenarioTarget): void {
  it('publishes a text once, with its id and address on the platform', async () => {
    const t = target();
    const { provider, connection, publishedTexts } = t;
    const account = await connection();
    const text = `Hello from the scenario suite ${randomUUID()}`;
    const outcome = await provider.publish(await scenarioRequest(t, account, text));
    expect(outcome).toMatchObject({ kind: 'published', externalId: expect.any(String) });
    expect(count(await publishedTexts(account), text)).toBe(1);
  });

  it('publishes a text with an image: the image arrives on the platform, with the text, once', async () => {
    const t = target();
    const { provider, connection, publishedMedia } = t;
    const account = await connection();
    const text = `With an image ${randomUUID()}`;
    const sample = t.attachedMedia?.() ?? pngMedia(64, 48);
    const image = t.mediaServer ? await t.mediaServer.serve(sample) : sample;
    expect(await provider.publish(await scenarioRequest(t, account, text, undefined, [image]))).toMatchObject({ kind: 'published', externalId: expect.any(String) });
    const posts = (await publishedMedia(account)).filter((post) => post.text === text);
    expect(posts).toHaveLength(1);
    expect(posts[0].files).toHaveLength(1);
    expect(posts[0].files[0].equals(image.bytes)).toBe(true);
  });

  it('rejects a text over the limit with the platform’s own message, which reaches the account’s errors', async () => {
    const t = target();
    const { provider, connection, overLimit, publishedTexts } = t;
    const account = await connection();
    const outcome = await provider.publish(await scenarioRequest(t, account, overLimit.text));
    expect(outcome).toEqual({ kind: 'rejected', message: expect.stringMatching(overLimit.message) });
    const step = nextStep(outcome, 0, { maxRetries: 3, maxRetryDelayMs: 10_000 });
    expect(step).toEqual({ kind: 'report', result: { kind: 'failed', message: (outcome as { message: string }).message } });
    expect(count(await publishedTexts(account), overLimit.text)).toBe(0);
  });

  it('asks for the account to be connected again when the platform refuses the credentials (401)', async () => {
    const t = target();
    const { provider, refusedConnection } = t;
    const outcome = await provider.publish(await scenarioRequest(t, await refusedConnection(), 'Never published'));
    expect(outcome).toMatchObject({ kind: 'reauthorize', message: expect.any(String) });
  });

  it('waits as long as the platform’s reset header says after a 429, then publishes once', async () => {
    const t = target();
    const { provider, proxy, publishPath, connection, rateLimitHeaders, publishedTexts } = t;
    const account = await connection();
    const text = `Rate limited first ${randomUUID()}`;
    const unit = t.rateLimitResetUnitSeconds ?? 1;
    const seconds = Math.ceil(30 / unit) * unit;
    proxy.failNext(publishPath, { answer: { status: 429, headers: rateLimitHeaders(seconds), body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' } } });
    const limited = await provider.publish(await scenarioRequest(t, account, text, `${randomUUID()}:${account.accountId}`));
    expect(limited).toMatchObject({ kind: 'retry_later' });
    expect((limited as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan((seconds - 5) * 1000);
    expect((limited as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual((seconds + 1) * 1000);
    expect(await provider.publish(await scenarioRequest(t, account, text))).toMatchObject({ kind: 'published' });
    expect(count(await publishedTexts(account), text)).toBe(1);
  });

  it('tries again later after a 5xx', async () => {
    const t = target();
    const { provider, proxy, publishPath, connection } = t;
    proxy.failNext(publishPath, { answer: { status: 503, body: { error: 'ServiceUnavailable', message: 'Down for maintenance' } } });
    expect(await provider.publish(await scenarioRequest(t, await connection(), 'After an outage'))).toMatchObject({ kind: 'retry_later', retryAfterMs: expect.any(Number) });
  });

  it('never publishes twice when the answer is lost after the platform accepted', async () => {
    const t = target();
    const { provider, proxy, publishPath, connection, publishedTexts } = t;
    const account = await connection();
    const text = `Accepted, answer lost ${randomUUID()}`;
    const same = await scenarioRequest(t, account, text);
    proxy.failNext(publishPath, { hangAfterForward: true });
    const first: PublishOutcome = await provider.publish(same);
    if (provider.crashRecovery === 'report_unknown') {
      // The platform offers no key and no lookup: sending it again could post twice, so it is not sent again.
      expect(first).toMatchObject({ kind: 'unknown' });
    } else if ((provider.crashRecovery === 'lookup' || provider.crashRecovery === 'resume') && first.kind === 'published') {
      // The provider looked up what the lost request made and reports it.
      expect(first.externalId).toEqual(expect.any(String));
    } else {
      // A provider that resumes may also say the outcome is unknown: the publisher makes it again all the same.
      expect(first).toMatchObject({ kind: provider.crashRecovery === 'resume' ? expect.stringMatching(/^(retry_later|unknown)$/) : 'retry_later' });
      expect(await provider.publish(same)).toMatchObject({ kind: 'published' });
    }
    expect(count(await publishedTexts(account), text)).toBe(1);
  });

  crashScenario(target);
}
