/** What each provider asks for when an account is connected (PRODUCT.md, Providers). */
export interface ProviderField {
  key: string;
  label: string;
  group: 'settings' | 'credentials';
  required: boolean;
  secret?: boolean;
  placeholder?: string;
  choices?: string[];
}

export interface ProviderForm {
  provider: string;
  label: string;
  oauth: boolean;
  fields: ProviderField[];
}

export const PROVIDERS: ProviderForm[] = [
  { provider: 'sandbox', label: 'Sandbox', oauth: false, fields: [{ key: 'outcome', label: 'Outcome', group: 'settings', required: false, choices: ['success', 'failure'] }] },
  {
    provider: 'bluesky',
    label: 'Bluesky',
    oauth: false,
    fields: [
      { key: 'service', label: 'PDS URL', group: 'settings', required: false, placeholder: 'https://bsky.social' },
      { key: 'identifier', label: 'Handle or DID', group: 'credentials', required: true },
      { key: 'app_password', label: 'App password', group: 'credentials', required: true, secret: true },
    ],
  },
  {
    provider: 'mastodon',
    label: 'Mastodon',
    oauth: false,
    fields: [
      { key: 'instance', label: 'Instance URL', group: 'settings', required: true, placeholder: 'https://mastodon.social' },
      { key: 'access_token', label: 'Access token', group: 'credentials', required: true, secret: true },
    ],
  },
  {
    provider: 'telegram',
    label: 'Telegram',
    oauth: false,
    fields: [
      { key: 'chat_id', label: 'Chat id', group: 'settings', required: true },
      { key: 'api_url', label: 'Bot API URL', group: 'settings', required: false, placeholder: 'https://api.telegram.org' },
      { key: 'bot_token', label: 'Bot token', group: 'credentials', required: true, secret: true },
    ],
  },
  { provider: 'discord', label: 'Discord', oauth: false, fields: [{ key: 'webhook_url', label: 'Discord webhook URL', group: 'credentials', required: true, secret: true }] },
  { provider: 'linkedin', label: 'LinkedIn', oauth: true, fields: [] },
  { provider: 'x', label: 'X', oauth: true, fields: [] },
  { provider: 'facebook', label: 'Facebook Page', oauth: true, fields: [] },
  { provider: 'instagram', label: 'Instagram', oauth: true, fields: [] },
  { provider: 'threads', label: 'Threads', oauth: true, fields: [] },
  { provider: 'youtube', label: 'YouTube', oauth: true, fields: [] },
  { provider: 'tiktok', label: 'TikTok', oauth: true, fields: [] },
  { provider: 'pinterest', label: 'Pinterest', oauth: true, fields: [] },
  { provider: 'reddit', label: 'Reddit', oauth: true, fields: [] },
];

/** The connect body: filled fields only, each in its group. */
export function connectBody(form: ProviderForm, name: string, values: Record<string, string>) {
  const group = (which: ProviderField['group']) =>
    Object.fromEntries(form.fields.filter((field) => field.group === which && (values[field.key] ?? '').trim() !== '').map((field) => [field.key, values[field.key].trim()]));
  return { provider: form.provider, ...(name.trim() ? { name: name.trim() } : {}), settings: group('settings'), credentials: group('credentials') };
}
