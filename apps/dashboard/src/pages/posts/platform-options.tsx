import type { Account } from '../../api';
import type { PlatformOptions } from './compose-draft';
import { OptionField, PLATFORM_OPTION_FORMS, PlatformOptionForm } from './platform-option-fields';

/**
 * The choices some platforms need (PRODUCT.md, "Platform options"), one group for each provider of
 * the chosen accounts that has some: Mastodon's content warning, Instagram's and Facebook's post
 * type, YouTube's title and privacy, TikTok's audience, Pinterest's board, Reddit's subreddit and title.
 */
export function PlatformOptionsFields({ accounts, options, onChange }: { accounts: Account[]; options: PlatformOptions; onChange: (options: PlatformOptions) => void }) {
  const providers = new Set(accounts.map((account) => account.provider));
  const forms = PLATFORM_OPTION_FORMS.filter((form) => providers.has(form.provider));
  if (forms.length === 0) return null;
  return (
    <>
      {forms.map((form) => (
        <PlatformGroup key={form.provider} form={form} values={options[form.provider] ?? {}} onChange={(values) => onChange({ ...options, [form.provider]: values })} />
      ))}
    </>
  );
}

function PlatformGroup({ form, values, onChange }: { form: PlatformOptionForm; values: Record<string, unknown>; onChange: (values: Record<string, unknown>) => void }) {
  const set = (field: string, value: unknown) => {
    const next = { ...values, [field]: value };
    if (value === '' || value === false) delete next[field];
    onChange(next);
  };
  return (
    <fieldset>
      <legend>{form.label} options</legend>
      {form.fields.map((field) => (
        <OptionInput key={field.key} id={`${form.provider}-${field.key}`} field={field} label={`${field.label} (${form.label})`} value={values[field.key]} onChange={(value) => set(field.key, value)} />
      ))}
    </fieldset>
  );
}

function OptionInput({ id, field, label, value, onChange }: { id: string; field: OptionField; label: string; value: unknown; onChange: (value: unknown) => void }) {
  if (field.kind === 'flag') {
    return (
      <label class="check">
        <input type="checkbox" checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} />
        {label}
      </label>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <>
      <label for={id}>{label}</label>
      {field.kind === 'choice' ? (
        <select id={id} value={text} required={field.required} onChange={(event) => onChange(event.currentTarget.value)}>
          <option value="">{field.required ? 'Choose…' : `Default (${field.choices?.[0]})`}</option>
          {field.choices?.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} value={text} required={field.required} maxLength={field.maxLength} onInput={(event) => onChange(event.currentTarget.value)} />
      )}
    </>
  );
}
