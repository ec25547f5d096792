import type { Account } from '../../api';
import { choicesOf, type PlatformDescription } from '../../platform-text';
import { usePlatforms } from '../../platforms';
import type { PlatformOptions } from './compose-draft';
import { optionLabel } from './platform-option-fields';

type OptionDescription = PlatformDescription['options'][number];

/**
 * The options some platforms take (PRODUCT.md, "Platform options"), one group for each provider of
 * the chosen accounts that has some, as the server describes them (GET /api/platforms): Mastodon's
 * content warning, the post type of Instagram and Facebook, YouTube's title, privacy and tags,
 * TikTok's audience, Pinterest's board, Reddit's subreddit, title and flair.
 */
export function PlatformOptionsFields({ accounts, options, onChange }: { accounts: Account[]; options: PlatformOptions; onChange: (options: PlatformOptions) => void }) {
  const platforms = usePlatforms();
  const providers = [...new Set(accounts.map((account) => account.provider))];
  const described = providers.map((provider) => platforms.get(provider)).filter((platform): platform is PlatformDescription => (platform?.options.length ?? 0) > 0);
  if (described.length === 0) return null;
  return (
    <>
      {described.map((platform) => (
        <PlatformGroup key={platform.provider} platform={platform} accounts={accounts.filter((account) => account.provider === platform.provider)} values={options[platform.provider] ?? {}} onChange={(values) => onChange({ ...options, [platform.provider]: values })} />
      ))}
    </>
  );
}

function PlatformGroup({ platform, accounts, values, onChange }: { platform: PlatformDescription; accounts: Account[]; values: Record<string, unknown>; onChange: (values: Record<string, unknown>) => void }) {
  const set = (field: string, value: unknown) => {
    const next = { ...values, [field]: value };
    if (value === '' || value === false || (Array.isArray(value) && value.length === 0)) delete next[field];
    onChange(next);
  };
  return (
    <fieldset>
      <legend>{platform.label} options</legend>
      {platform.options.map((field) => (
        <OptionInput
          key={field.name}
          id={`${platform.provider}-${field.name}`}
          field={{ ...field, choices: choicesOf(field, accounts) }}
          label={`${optionLabel(platform.provider, field.name)} (${platform.label})`}
          value={values[field.name]}
          onChange={(value) => set(field.name, value)}
        />
      ))}
    </fieldset>
  );
}

function OptionInput({ id, field, label, value, onChange }: { id: string; field: OptionDescription; label: string; value: unknown; onChange: (value: unknown) => void }) {
  if (field.type === 'boolean') {
    return (
      <label class="check">
        <input id={id} type="checkbox" checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />
        {label}
      </label>
    );
  }
  if (field.type === 'text_list') {
    const text = Array.isArray(value) ? value.join(', ') : '';
    const list = (typed: string) => typed.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    return (
      <>
        <label for={id}>{label}</label>
        <input id={id} value={text} onChange={(event) => onChange(list(event.currentTarget.value))} />
      </>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const maxLength = field.max_length ?? undefined;
  return (
    <>
      <label for={id}>{label}</label>
      {field.type === 'choice' ? (
        <select id={id} value={text} required={field.required} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">{field.required ? 'Choose…' : `Default (${field.choices?.[0]})`}</option>
          {field.choices?.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} value={text} required={field.required} maxLength={maxLength} onInput={(event) => onChange(event.currentTarget.value)} />
      )}
    </>
  );
}
