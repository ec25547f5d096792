import { DiscordWebhookServer } from '../../providers/discord/discord-webhook-server';
import { LinkedInApiServer } from '../../providers/linkedin/linkedin-api-server';
import { MastodonApiServer } from '../../providers/mastodon/mastodon-api-server';

/**
 * Local servers of platforms besides the sandbox, started beside the service under test: Mastodon
 * and Discord (their addresses go in an account's settings and credentials) and LinkedIn (its API
 * address is the service's configuration, `env`, so it is started before the service).
 */
export class LocalPlatforms {
  private constructor(
    readonly mastodon: MastodonApiServer,
    readonly discord: DiscordWebhookServer,
    readonly linkedin: LinkedInApiServer,
  ) {}

  static async start(): Promise<LocalPlatforms> {
    const [mastodon, discord, linkedin] = await Promise.all([MastodonApiServer.start(), DiscordWebhookServer.start(), LinkedInApiServer.start()]);
    return new LocalPlatforms(mastodon, discord, linkedin);
  }

  /** What the service needs to reach them: private addresses allowed, and LinkedIn's app and API. */
  get env(): Record<string, string> {
    return {
      PROVIDER_ALLOW_PRIVATE_URLS: 'true',
      OAUTH_LINKEDIN_CLIENT_ID: this.linkedin.clientId,
      OAUTH_LINKEDIN_CLIENT_SECRET: this.linkedin.clientSecret,
      OAUTH_LINKEDIN_AUTH_URL: `${this.linkedin.url}/oauth/v2`,
      OAUTH_LINKEDIN_API_URL: this.linkedin.url,
    };
  }

  async stop(): Promise<void> {
    await Promise.all([this.mastodon.stop(), this.discord.stop(), this.linkedin.stop()]);
  }
}
