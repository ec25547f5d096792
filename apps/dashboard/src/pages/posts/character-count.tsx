import type { Account } from '../../api';
import { plural } from '../../plural';
import { graphemes } from '../../graphemes';
import { lengthOn, textLimitOf } from '../../platform-text';
import { usePlatforms } from '../../platforms';

/** "42 characters" (as a reader counts them), then each chosen platform's limit, counted as it counts, flagged when the text is over it. */
export function CharacterCount({ id, text, accounts }: { id: string; text: string; accounts: Account[] }) {
  const platforms = usePlatforms();
  const count = graphemes(text).length;
  const providers = [...new Set(accounts.map((account) => account.provider))];
  return (
    <p id={id} class="muted count">
      {plural(count, 'character')}
      {providers.map((provider) => {
        const platform = platforms.get(provider);
        const limit = textLimitOf(platform, false, accounts.filter((account) => account.provider === provider));
        if (limit === null) return null;
        const counted = lengthOn(text, platform);
        const over = counted > limit;
        return (
          <span key={provider} class={over ? 'over' : ''}>
            {' · '}
            {provider}: {over ? `${counted - limit} over the limit of ${limit}` : `${limit - counted} left of ${limit}`}
          </span>
        );
      })}
    </p>
  );
}
