import { useState } from 'preact/hooks';
import { answer, api, inWorkspace, type Post, type PostAccount } from '../../api';
import { OnboardingChecklist } from '../../components/onboarding-checklist';
import { ProviderIcon } from '../../components/provider-icon';
import { Loading, Notice, useAction, useLoad } from '../../components/ui';
import { linkTo } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';
import { webLinkOf } from '../../web-link';
import { PostHistory } from './post-history';
import { loadPostPage, originalText, PAGE_SIZE, type PostFilters, STATUS_TABS } from './post-list-query';

const NO_FILTERS: PostFilters = { status: null, accountId: null, from: '', to: '', text: '' };

export function PostsPage() {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const [filters, setFilters] = useState<PostFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const accounts = useLoad(() => answer(api.GET('/api/{workspaceUuid}/accounts', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const posts = useLoad(() => loadPostPage(workspaceUuid, filters, page, timeZone), [workspaceUuid, filters, page, timeZone]);
  const action = useAction();
  const change = (next: Partial<PostFilters>) => {
    setFilters({ ...filters, ...next });
    setPage(1);
  };
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.meta.total / PAGE_SIZE)) : 1;

  const ofPost = (post: Post) => ({ params: { path: { workspaceUuid, postUuid: post.uuid } } });
  const approve = (post: Post) => action.run(() => answer(api.POST('/api/{workspaceUuid}/posts/{postUuid}/approve', ofPost(post))), 'Post approved.').then(posts.reload);
  const remove = (post: Post) => {
    if (!window.confirm('Delete this post?')) return;
    void action.run(() => answer(api.DELETE('/api/{workspaceUuid}/posts/{postUuid}', ofPost(post))), 'Post deleted.').then(posts.reload);
  };

  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Posts</h1>
        <a class="button" {...linkTo('/posts/new')}>
          New post
        </a>
      </div>
      <OnboardingChecklist />
      <div class="tabs" role="group" aria-label="Status">
        {STATUS_TABS.map((tab) => (
          <button key={tab.label} type="button" class="tab" aria-pressed={filters.status === tab.status} onClick={() => change({ status: tab.status })}>
            {tab.label}
          </button>
        ))}
      </div>
      <form class="filters" role="search" aria-label="Filter posts" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="filter-account">Account</label>
          <select id="filter-account" value={filters.accountId ?? ''} onChange={(event) => change({ accountId: event.currentTarget.value ? Number(event.currentTarget.value) : null })}>
            <option value="">Every account</option>
            {accounts.data?.data.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name} ({account.provider})
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-from">From</label>
          <input id="filter-from" type="date" value={filters.from} onChange={(event) => change({ from: event.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="filter-to">To</label>
          <input id="filter-to" type="date" value={filters.to} onChange={(event) => change({ to: event.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="filter-text">Text</label>
          <input id="filter-text" type="search" value={filters.text} onInput={(event) => change({ text: event.currentTarget.value })} />
        </div>
      </form>
      {action.outcome}
      {posts.error && <Notice kind="error">{posts.error}</Notice>}
      {posts.loading && !posts.data && <Loading what="posts" />}
      {posts.data && posts.data.data.length === 0 && <p class="muted">No posts.</p>}
      {posts.data && posts.data.data.length > 0 && (
        <table class="list" aria-busy={posts.loading}>
          <caption class="visually-hidden">Posts, times in {timeZone}</caption>
          <thead>
            <tr>
              <th scope="col">Text</th>
              <th scope="col">Status</th>
              <th scope="col">Scheduled ({timeZone})</th>
              <th scope="col">Accounts</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {posts.data.data.map((post) => (
              <tr key={post.uuid}>
                <td data-label="Text">{originalText(post).slice(0, 140) || <span class="muted">(empty)</span>}</td>
                <td data-label="Status">
                  <span class={`status status-${post.status}`}>{post.status.replace('_', ' ')}</span>
                </td>
                <td data-label="Scheduled">{formatInZone(post.scheduled_at, timeZone)}</td>
                <td data-label="Accounts">
                  <PostAccounts post={post} />
                </td>
                <td data-label="Actions" class="actions">
                  {post.status !== 'published' && post.status !== 'publishing' && (
                    <a class="button secondary" {...linkTo(`/posts/${post.uuid}`)} aria-label={`Edit post ${originalText(post).slice(0, 30)}`}>
                      Edit
                    </a>
                  )}
                  {post.status === 'needs_approval' && (
                    <button type="button" onClick={() => void approve(post)}>
                      Approve
                    </button>
                  )}
                  {post.status !== 'published' && (
                    <button type="button" class="danger" onClick={() => remove(post)}>
                      Delete
                    </button>
                  )}
                  <PostHistory post={post} label={`post ${originalText(post).slice(0, 30)}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav class="pager" aria-label="Pages">
        <button type="button" class="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous page
        </button>
        <span aria-live="polite">
          Page {page} of {pages}
        </span>
        <button type="button" class="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next page
        </button>
      </nav>
    </>
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
