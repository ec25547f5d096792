import type { Account } from '../../api';
import type { PlatformOptions } from './compose-draft';

/**
 * The choices some platforms need (PRODUCT.md, "Platform options"), for the providers of the
 * chosen accounts: today Mastodon's content warning and sensitive media.
 */
export function PlatformOptionsFields({ accounts, options, onChange }: { accounts: Account[]; options: PlatformOptions; onChange: (options: PlatformOptions) => void }) {
  const providers = new Set(accounts.map((account) => account.provider));
  if (!providers.has('mastodon')) return null;
  const mastodon = options.mastodon ?? {};
  const set = (field: string, value: unknown) => {
    const next = { ...mastodon, [field]: value };
    if (value === '' || value === false) delete next[field];
    onChange({ ...options, mastodon: next });
  };
  return (
    <fieldset>
      <legend>Mastodon options</legend>
      <label for="mastodon-spoiler">Content warning (Mastodon)</label>
      <input id="mastodon-spoiler" value={typeof mastodon.spoiler_text === 'string' ? mastodon.spoiler_text : ''} onInput={(event) => set('spoiler_text', event.currentTarget.value)} />
      <label class="check">
        <input type="checkbox" checked={mastodon.sensitive === true} onChange={(event) => set('sensitive', event.currentTarget.checked)} />
        Sensitive media (Mastodon)
      </label>
    </fieldset>
  );
}
