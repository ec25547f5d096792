import type { Account } from '../../api';
import { CharacterCount } from './character-count';

/** At most this many content items in a version (PRODUCT.md, "Limits on a post body"). */
const MAX_ITEMS = 20;

/**
 * The original's content items: the post itself ("Text"), then each reply of a thread, or the
 * first comment on platforms without threads. Each item is counted against every chosen
 * platform's limit on its own.
 */
export function ThreadEditor({ items, accounts, onChange }: { items: string[]; accounts: Account[]; onChange: (items: string[]) => void }) {
  const change = (index: number, text: string) => onChange(items.map((item, other) => (other === index ? text : item)));
  return (
    <>
      {items.map((item, index) => {
        const id = index === 0 ? 'post-text' : `thread-item-${index + 1}`;
        return (
          <div key={index} class={index === 0 ? '' : 'thread-item'}>
            <label for={id}>{index === 0 ? 'Text' : `Thread item ${index + 1}`}</label>
            <textarea id={id} rows={index === 0 ? 5 : 3} value={item} aria-describedby={`${id}-count`} onInput={(event) => change(index, event.currentTarget.value)} />
            <CharacterCount id={`${id}-count`} text={item} accounts={accounts} />
            {index > 0 && (
              <button type="button" class="secondary small" aria-label={`Remove thread item ${index + 1}`} onClick={() => onChange(items.filter((_, other) => other !== index))}>
                Remove
              </button>
            )}
          </div>
        );
      })}
      {items.length < MAX_ITEMS && (
        <button type="button" class="secondary" onClick={() => onChange([...items, ''])}>
          Add to thread
        </button>
      )}
      <p class="muted">
        Thread items are published as replies on X, Bluesky, Mastodon, Threads and Telegram; the second item is a first comment on LinkedIn, Facebook, Instagram,
        YouTube and Reddit.
      </p>
    </>
  );
}
