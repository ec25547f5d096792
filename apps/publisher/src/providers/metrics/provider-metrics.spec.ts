import { oauthAppFor, PLATFORMS, platformOf } from '@app/platforms';
import { BlueskyProvider } from '../bluesky/bluesky-provider';
import { DiscordProvider } from '../discord/discord-provider';
import { FacebookProvider } from '../facebook/facebook-provider';
import { ProviderHttp } from '../http/provider-http';
import { InstagramProvider } from '../instagram/instagram-provider';
import { LinkedInProvider } from '../linkedin/linkedin-provider';
import { MastodonProvider } from '../mastodon/mastodon-provider';
import { PinterestProvider } from '../pinterest/pinterest-provider';
import type { PublishProvider } from '../publish-provider';
import { RedditProvider } from '../reddit/reddit-provider';
import { SandboxProvider } from '../sandbox/sandbox-provider';
import { TelegramProvider } from '../telegram/telegram-provider';
import { ThreadsProvider } from '../threads/threads-provider';
import { TikTokProvider } from '../tiktok/tiktok-provider';
import { XProvider } from '../x/x-provider';
import { YouTubeProvider } from '../youtube/youtube-provider';
import { countOf, figuresRead } from './post-figures';

const http = new ProviderHttp({ allowPrivateUrls: false, timeoutMs: 1_000 });
const processing = { timeoutMs: 1_000, intervalMs: 10 };
const app = (provider: string) => oauthAppFor(provider, {});

/** Every built-in provider, as the publisher's module makes them. */
const PROVIDERS: PublishProvider[] = [
  new SandboxProvider(),
  new BlueskyProvider(http),
  new MastodonProvider(http),
  new TelegramProvider(http),
  new DiscordProvider(http),
  new XProvider(http, app('x')),
  new LinkedInProvider(http, app('linkedin')),
  new PinterestProvider(http, app('pinterest'), processing),
  new ThreadsProvider(http, app('threads'), processing),
  new TikTokProvider(http, app('tiktok'), processing),
  new YouTubeProvider(http, app('youtube'), processing),
  new RedditProvider(http, app('reddit'), processing),
  new InstagramProvider(http, app('instagram'), processing),
  new FacebookProvider(http, app('facebook'), processing),
];

describe("a platform's figures, as described, against its provider", () => {
  it('covers every platform', () => {
    expect(PROVIDERS.map((provider) => provider.name).sort()).toEqual(PLATFORMS.map((platform) => platform.provider).sort());
  });

  it.each(PROVIDERS.map((provider) => [provider.name, provider] as const))('%s: reads figures exactly when its description names some, each once', (name, provider) => {
    const metrics = platformOf(name)!.metrics;
    expect(typeof provider.readMetrics === 'function').toBe(metrics.length > 0);
    expect(new Set(metrics).size).toBe(metrics.length);
  });

  it('describes no figures for Telegram and Discord, which report none', () => {
    expect([platformOf('telegram')!.metrics, platformOf('discord')!.metrics]).toEqual([[], []]);
  });
});

describe('figures as platforms answer them', () => {
  it('takes a whole count of zero or more, as a number or as its digits (YouTube answers strings); anything else is no count', () => {
    expect([0, 7, '42', '0'].map(countOf)).toEqual([0, 7, 42, 0]);
    expect([-1, 0.18, Number.NaN, 2 ** 53, '12.5', '', '9007199254740993', null, undefined, {}, true].map(countOf)).toEqual(Array(11).fill(undefined));
  });

  it('leaves out a figure the platform did not answer as a count, and keeps a 0 it answered', () => {
    expect(figuresRead({ likes: 0, replies: '3', reposts: undefined, views: null, saves: 0.5 })).toEqual({ kind: 'read', metrics: { likes: 0, replies: 3 } });
  });
});
