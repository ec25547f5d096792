import { platformOf } from '@app/platforms';
import { BlueskyProvider } from './bluesky/bluesky-provider';
import { DiscordProvider } from './discord/discord-provider';
import { ProviderHttp } from './http/provider-http';
import { MastodonProvider } from './mastodon/mastodon-provider';
import type { PublishProvider } from './publish-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';
import { TelegramProvider } from './telegram/telegram-provider';

const http = new ProviderHttp({ allowPrivateUrls: false, timeoutMs: 1_000 });
/** The providers connected with settings and credentials given by hand (the others connect through OAuth). */
const GIVEN_BY_HAND: PublishProvider[] = [new SandboxProvider(), new BlueskyProvider(http), new MastodonProvider(http), new TelegramProvider(http), new DiscordProvider(http)];

/** What a platform's description (GET /api/platforms, the dashboard's connect form) says a connect request must carry. */
function requiredFieldsOf(provider: string): string[] {
  const platform = platformOf(provider);
  if (!platform) throw new Error(`no description of ${provider}`);
  const { settings, credentials } = platform.connect;
  return [...settings.filter((field) => field.required).map(({ name }) => `settings.${name}`), ...credentials.filter((field) => field.required).map(({ name }) => `credentials.${name}`)];
}

describe("a platform's connect fields, as described, against its provider's checks", () => {
  it.each(GIVEN_BY_HAND.map((provider) => [provider.name, provider] as const))('%s: an empty connect request is refused for exactly the fields the description calls required', (name, provider) => {
    expect(platformOf(name)?.connect.oauth).toBe(false);
    expect(Object.keys(provider.validate({}, {})).sort()).toEqual(requiredFieldsOf(name).sort());
  });

  it.each(GIVEN_BY_HAND.map((provider) => [provider.name, provider] as const))('%s: a wrong value in every described field is refused under described fields only (the provider reads no field the description lacks)', (name, provider) => {
    const platform = platformOf(name)!;
    const named = [...platform.connect.settings.map(({ name: field }) => `settings.${field}`), ...platform.connect.credentials.map(({ name: field }) => `credentials.${field}`)];
    // A value of the wrong type in every named field: each required or checked field is then refused by its own name.
    const wrong = (fields: readonly { name: string }[]) => Object.fromEntries(fields.map(({ name: field }) => [field, { not: 'valid' }]));
    const refused = Object.keys(provider.validate(wrong(platform.connect.settings), wrong(platform.connect.credentials)));
    expect(refused.every((key) => named.includes(key))).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
  });
});
