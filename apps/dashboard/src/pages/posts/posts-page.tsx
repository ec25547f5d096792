import { useState } from 'preact/hooks';
import { answer, api, inWorkspace, postAsRead } from '../../api';
import { AccountSelect } from '../../components/account-select';
import { OnboardingChecklist } from '../../components/onboarding-checklist';
import { Loading, Notice, useAction, useLoad } from '../../components/ui';
import { linkTo } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { BulkActions } from './bulk-actions';
import { loadPostPage, PAGE_SIZE, type PostFilters } from './post-list-query';
import { RETRY_SENT, takeOutcome } from './post-outcome';
import { PostRow, type PostRowActions } from './post-row';
import { StatusTabs } from './status-tabs';

const NO_FILTERS: PostFilters = { status: null, accountId: null, from: '', to: '', text: '' };

export function PostsPage() {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const [filters, setFilters] = useState<PostFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // What the last save did (compose, or Delete post on the edit page), said once.
  const [outcome] = useState(takeOutcome);
  const accounts = useLoad(() => answer(api.GET('/api/{workspaceUuid}/accounts', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const posts = useLoad(() => loadPostPage(workspaceUuid, filters, page, timeZone), [workspaceUuid, filters, page, timeZone]);
  const counts = useLoad(() => answer(api.GET('/api/{workspaceUuid}/posts/counts', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const action = useAction();
  const refresh = () => {
    posts.reload();
    counts.reload();
  };
  const change = (next: Partial<PostFilters>) => {
    setFilters({ ...filters, ...next });
    setPage(1);
    setSelected(new Set());
  };
  const turnTo = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.meta.total / PAGE_SIZE)) : 1;
  const shown = posts.data?.data ?? [];

  const rowActions: PostRowActions = {
    onSelect: (post, on) => {
      const next = new Set(selected);
      if (on) next.add(post.uuid);
      else next.delete(post.uuid);
      setSelected(next);
    },
    onApprove: (post) => void action.run(() => answer(api.POST('/api/{workspaceUuid}/posts/{postUuid}/approve', postAsRead(workspaceUuid, post))), 'Post approved.').then(refresh),
    onRetry: (post) => void action.run(() => answer(api.POST('/api/{workspaceUuid}/posts/{postUuid}/retry', postAsRead(workspaceUuid, post))), RETRY_SENT).then(refresh),
    onRemove: (post) => {
      if (!window.confirm('Delete this post?')) return;
      void action.run(() => answer(api.DELETE('/api/{workspaceUuid}/posts/{postUuid}', postAsRead(workspaceUuid, post))), 'Post deleted.').then(refresh);
    },
  };
  const allSelected = shown.length > 0 && shown.every((post) => selected.has(post.uuid));

  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Posts</h1>
        <a class="button" {...linkTo('/posts/new')}>
          New post
        </a>
      </div>
      {outcome && <Notice kind="ok">{outcome}</Notice>}
      <OnboardingChecklist onPublished={refresh} />
      <StatusTabs status={filters.status} counts={counts.data} onChange={(status) => change({ status })} />
      <form class="filters" role="search" aria-label="Filter posts" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="filter-account">Account</label>
          <AccountSelect id="filter-account" accounts={accounts.data?.data} value={filters.accountId} onChange={(accountId) => change({ accountId })} />
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
      <BulkActions
        selected={shown.filter((post) => selected.has(post.uuid))}
        onDone={() => {
          setSelected(new Set());
          refresh();
        }}
      />
      {posts.error && <Notice kind="error">{posts.error}</Notice>}
      {posts.loading && !posts.data && <Loading what="posts" />}
      {posts.data && shown.length === 0 && <p class="muted">No posts.</p>}
      {shown.length > 0 && (
        <table class="list posts" aria-busy={posts.loading}>
          <caption class="visually-hidden">Posts, times in {timeZone}</caption>
          <thead>
            <tr>
              <th scope="col" class="select">
                <input
                  type="checkbox"
                  aria-label="Select all posts on this page"
                  checked={allSelected}
                  onChange={(event) => setSelected(event.currentTarget.checked ? new Set(shown.map((post) => post.uuid)) : new Set())}
                />
              </th>
              <th scope="col">Text</th>
              <th scope="col">Status</th>
              <th scope="col">Scheduled ({timeZone})</th>
              <th scope="col">Accounts</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((post) => (
              <PostRow key={post.uuid} post={post} selected={selected.has(post.uuid)} actions={rowActions} />
            ))}
          </tbody>
        </table>
      )}
      <nav class="pager" aria-label="Pages">
        <button type="button" class="secondary" disabled={page <= 1} onClick={() => turnTo(page - 1)}>
          Previous page
        </button>
        <span aria-live="polite">
          Page {page} of {pages}
        </span>
        <button type="button" class="secondary" disabled={page >= pages} onClick={() => turnTo(page + 1)}>
          Next page
        </button>
      </nav>
    </>
  );
}
