import type { Account, Media } from '../../api';
import { plural } from '../../plural';
import type { Draft } from './compose-draft';
import type { PlatformDescription } from '../../platform-text';
import { usePlatforms } from '../../platforms';
import { cutText, followingItems, platformName } from './preview-parts';

/**
 * The post as each chosen account's network shows it: the text cut at the platform's limit (the
 * overflow marked), the media, then the replies or the first comment, or the items it refuses.
 */
export function NetworkPreviews({ accounts, draft, library }: { accounts: Account[]; draft: Draft; library: Media[] }) {
  const platforms = usePlatforms();
  if (accounts.length === 0) return null;
  const media = draft.media.map((id) => library.find((item) => item.id === id)).filter((item): item is Media => item !== undefined);
  return (
    <section class="previews" aria-labelledby="previews-title">
      <h2 id="previews-title">Previews</h2>
      <div class="preview-grid">
        {accounts.map((account) => (
          <AccountPreview key={account.id} account={account} platform={platforms.get(account.provider)} items={[draft.custom[account.id] ?? draft.items[0] ?? '', ...draft.items.slice(1)]} media={media} />
        ))}
      </div>
    </section>
  );
}

/** The account a preview is for: its network, its names, and where it narrows its platform's limits. */
export type PreviewedAccount = Pick<Account, 'provider' | 'name' | 'username' | 'limits'>;

/** A medium as a preview shows it: a thumbnail where the page may load it (url), otherwise a marker. */
export type PreviewedMedia = Pick<Media, 'id'> & { mime_type: string | null; url: string | null };

/** The post on one account's network: the first item's text cut at its limit, the media, then the following items. */
export function AccountPreview({ account, platform, items, media }: { account: PreviewedAccount; platform: PlatformDescription | undefined; items: string[]; media: readonly PreviewedMedia[] }) {
  const network = platformName(account.provider, platform);
  return (
    <article class="preview" aria-label={`Preview on ${network} for ${account.name}`}>
      <header class="preview-head">
        <strong>{account.name}</strong> <span class="muted">{account.username ? `@${account.username} · ${network}` : network}</span>
      </header>
      <PreviewText text={items[0]} platform={platform} account={account} withMedia={media.length > 0} />
      {media.length > 0 && (
        <div class="preview-media">
          {media.map((item) =>
            item.url && item.mime_type?.startsWith('image/') ? (
              <img key={item.id} src={item.url} alt="" width={64} height={64} />
            ) : (
              <span key={item.id} class="media-video">
                {item.mime_type?.startsWith('video/') ? 'video' : 'media'}
              </span>
            ),
          )}
        </div>
      )}
      {followingItems(items, account.provider, platform).map((item) => (
        <div key={item.label} class={item.refused ? 'preview-item refused' : 'preview-item'}>
          <p class="preview-label">{item.label}</p>
          {item.refused ? <p class="notice notice-warning">{item.refused}</p> : <PreviewText text={item.text} platform={platform} account={account} />}
        </div>
      ))}
    </article>
  );
}

function PreviewText({ text, platform, account, withMedia = false }: { text: string; platform: PlatformDescription | undefined; account: PreviewedAccount; withMedia?: boolean }) {
  const cut = cutText(text, platform, withMedia, [account]);
  if (text.trim() === '') return <p class="muted">(no text)</p>;
  return (
    <>
      <p class="preview-text">
        {cut.shown}
        {cut.over > 0 && (
          <>
            <span class="cut-mark" aria-hidden="true">
              ✂
            </span>
            <mark class="overflow">{cut.overflow}</mark>
          </>
        )}
      </p>
      {cut.over > 0 && (
        <p class="count">
          <span class="over">
            Cut at {plural(cut.limit ?? 0, 'character')}: {plural(cut.over, 'character')} over (marked), refused until shortened.
          </span>
        </p>
      )}
    </>
  );
}
