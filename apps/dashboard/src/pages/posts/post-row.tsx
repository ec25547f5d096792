import type { Post, PostAccount } from '../../api';
import { shorten } from '../../graphemes';
import { ProviderIcon } from '../../components/provider-icon';
import { linkTo } from '../../router';
import { useDashboard } from '../../session';
import { formatInZone } from '../../time';
import { webLinkOf } from '../../web-link';
import { PostHistory } from './post-history';
import { originalText, postName } from './post-list-query';
import { publishedAccounts, statusLabel } from './post-outcome';

export interface PostRowActions {
  onSelect(post: Post, on: boolean): void;
  onApprove(post: Post): void;
  onRetry(post: Post): void;
  onRemove(post: Post): void;
}

/** One post of the list: a checkbox to select it, its text, status, time and accounts, and what can be done with it. */
export function PostRow({ post, selected, actions }: { post: Post; selected: boolean; actions: PostRowActions }) {
  const { timeZone } = useDashboard();
  const name = postName(post);
  return (
    <tr>
      <td class="select">
        <input type="checkbox" aria-label={`Select post ${postName(post, 60)}`} checked={selected} onChange={(event) => actions.onSelect(post, event.currentTarget.checked)} />
      </td>
      <td data-label="Text">{shorten(originalText(post), 140) || <span class="muted">(empty)</span>}</td>
      <td data-label="Status">
        <span class={`status status-${post.status}`}>{statusLabel(post.status)}</span>
      </td>
      <td data-label="Scheduled">{formatInZone(post.scheduled_at, timeZone)}</td>
      <td data-label="Accounts">
        <PostAccounts post={post} />
      </td>
      <td data-label="Actions">
        <div class="actions">
          {post.actions.edit && (
            <a class="button secondary" {...linkTo(`/posts/${post.uuid}`)} aria-label={`Edit post ${name}`}>
              Edit
            </a>
          )}
          {publishedAccounts(post).length > 0 && (
            <a class="button secondary" {...linkTo(`/posts/${post.uuid}`)} aria-label={`Figures of post ${name}`}>
              Figures
            </a>
          )}
          <a class="button secondary" {...linkTo(`/posts/new?from=${post.uuid}`)} aria-label={`Duplicate post ${name}`}>
            Duplicate
          </a>
          {post.actions.approve && (
            <button type="button" onClick={() => actions.onApprove(post)}>
              Approve
            </button>
          )}
          {post.actions.retry && (
            <button type="button" onClick={() => actions.onRetry(post)} aria-label={`Retry the failed accounts of post ${name}`}>
              Retry
            </button>
          )}
          {post.actions.delete && (
            <button type="button" class="danger" onClick={() => actions.onRemove(post)}>
              Delete
            </button>
          )}
          <PostHistory post={post} label={`post ${name}`} />
        </div>
      </td>
    </tr>
  );
}

/** Each account of a post: its link once published (a web address only), its errors once failed. */
export function PostAccounts({ post }: { post: Post }) {
  return (
    <ul class="plain">
      {post.accounts.map((account) => (
        <li key={account.id}>
          <PublishedAccountName account={account} />{' '}
          <span class="muted">
            <ProviderIcon provider={account.provider} /> ({account.provider})
          </span>
          {account.errors.length > 0 && (
            <ul class="field-errors">
              {account.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The account's name, a link to the post on the platform when that address is a web address. */
function PublishedAccountName({ account }: { account: PostAccount }) {
  const link = webLinkOf(account.external_url);
  if (!link) return <>{account.name}</>;
  return (
    <a href={link} target="_blank" rel="noreferrer noopener">
      {account.name}
    </a>
  );
}
