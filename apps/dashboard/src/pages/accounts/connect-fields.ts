import type { PlatformDescription } from '../../platform-text';

/** A field of the connect form: which fields a platform asks for, their group and whether they are required come from its description (GET /api/platforms). */
export interface ConnectFormField {
  key: string;
  label: string;
  group: 'settings' | 'credentials';
  required: boolean;
  secret: boolean;
  placeholder?: string;
}

interface FieldWords {
  label: string;
  placeholder?: string;
  /** Whether the typed value is hidden: credentials are, unless told otherwise. */
  secret?: boolean;
}

/**
 * How the form names the fields platforms ask for, by `provider.field`: words only. A field with
 * no words here is shown under its own name; `null` keeps a field out of the form (the sandbox's
 * `item_outcomes` is a list, for tests through the API).
 */
const FIELD_WORDS: Readonly<Record<string, FieldWords | null>> = {
  'sandbox.outcome': { label: 'Outcome', placeholder: 'success' },
  'sandbox.item_outcomes': null,
  'bluesky.service': { label: 'PDS URL', placeholder: 'https://bsky.social' },
  'bluesky.identifier': { label: 'Handle or DID', secret: false },
  'bluesky.app_password': { label: 'App password' },
  'mastodon.instance': { label: 'Instance URL', placeholder: 'https://mastodon.social' },
  'mastodon.access_token': { label: 'Access token' },
  'telegram.chat_id': { label: 'Chat id' },
  'telegram.api_url': { label: 'Bot API URL', placeholder: 'https://api.telegram.org' },
  'telegram.bot_token': { label: 'Bot token' },
  'discord.webhook_url': { label: 'Discord webhook URL' },
};

const asLabel = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

/** The fields the form asks for to connect an account of the platform: none for one that connects through its authorization page. */
export function connectFieldsOf(platform: PlatformDescription | undefined): ConnectFormField[] {
  if (!platform || platform.connect.oauth) return [];
  const groups = [
    ['settings', platform.connect.settings],
    ['credentials', platform.connect.credentials],
  ] as const;
  return groups.flatMap(([group, fields]) =>
    fields.flatMap(({ name, required }) => {
      const words = FIELD_WORDS[`${platform.provider}.${name}`];
      if (words === null) return [];
      return [{ key: name, group, required, label: words?.label ?? asLabel(name), placeholder: words?.placeholder, secret: words?.secret ?? group === 'credentials' }];
    }),
  );
}

/** The connect body: filled fields only, each in its group. */
export function connectBody(provider: string, fields: readonly ConnectFormField[], name: string, values: Record<string, string>) {
  const group = (which: ConnectFormField['group']) =>
    Object.fromEntries(fields.filter((field) => field.group === which && (values[field.key] ?? '').trim() !== '').map((field) => [field.key, values[field.key].trim()]));
  return { provider, ...(name.trim() ? { name: name.trim() } : {}), settings: group('settings'), credentials: group('credentials') };
}
