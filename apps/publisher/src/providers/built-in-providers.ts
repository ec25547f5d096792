import type { OAuthAppSettings } from '@app/config';
import { BlueskyProvider } from './bluesky/bluesky-provider';
import { DiscordProvider } from './discord/discord-provider';
import { FacebookProvider } from './facebook/facebook-provider';
import { ProviderHttp } from './http/provider-http';
import { InstagramProvider } from './instagram/instagram-provider';
import { LinkedInProvider } from './linkedin/linkedin-provider';
import { MastodonProvider } from './mastodon/mastodon-provider';
import { PinterestProvider } from './pinterest/pinterest-provider';
import type { PublishProvider } from './publish-provider';
import { RedditProvider } from './reddit/reddit-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';
import { TelegramProvider } from './telegram/telegram-provider';
import { ThreadsProvider } from './threads/threads-provider';
import { TikTokProvider } from './tiktok/tiktok-provider';
import { XProvider } from './x/x-provider';
import { YouTubeProvider } from './youtube/youtube-provider';

/** What the built-in providers are made with: the platforms' HTTP client, the service's OAuth app on each, how processing is polled. */
export interface ProviderDependencies {
  http: ProviderHttp;
  oauthApp(provider: string): OAuthAppSettings;
  processing: { timeoutMs: number; intervalMs: number };
}

/** Every platform's provider, in the order the registry lists them: the one list a new platform is added to on the publisher's side. */
export function builtInProviders({ http, oauthApp, processing }: ProviderDependencies): PublishProvider[] {
  return [
    new SandboxProvider(),
    new BlueskyProvider(http),
    new MastodonProvider(http),
    new TelegramProvider(http),
    new DiscordProvider(http),
    new XProvider(http, oauthApp('x')),
    new LinkedInProvider(http, oauthApp('linkedin')),
    new PinterestProvider(http, oauthApp('pinterest'), processing),
    new ThreadsProvider(http, oauthApp('threads'), processing),
    new TikTokProvider(http, oauthApp('tiktok'), processing),
    new YouTubeProvider(http, oauthApp('youtube'), processing),
    new RedditProvider(http, oauthApp('reddit'), processing),
    new InstagramProvider(http, oauthApp('instagram'), processing),
    new FacebookProvider(http, oauthApp('facebook'), processing),
  ];
}
