import type { Account } from '../../api';
import { plural } from '../../plural';
import { characterCount, PROVIDER_LIMITS } from './provider-limits';

/** "42 characters", then each chosen provider's limit, flagged when the text is over it. */
export function CharacterCount({ id, text, accounts }: { id: string; text: string; accounts: Account[] }) {
  const count = characterCount(text);
  const providers = [...new Set(accounts.map((account) => account.provider))];
  return (
    <p id={id} class="muted count">
      {plural(count, 'character')}
      {providers.map((provider) => {
        const limit = PROVIDER_LIMITS[provider] ?? null;
        if (limit === null) return null;
        const over = count > limit;
        return (
          <span key={provider} class={over ? 'over' : ''}>
            {' · '}
            {provider}: {over ? `${count - limit} over the limit of ${limit}` : `${limit - count} left of ${limit}`}
          </span>
        );
      })}
    </p>
  );
}
