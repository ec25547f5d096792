import { useState } from 'preact/hooks';
import { answer, api, type Post, type PostHistoryEntry } from '../../api';
import { Loading, Notice, useLoad } from '../../components/ui';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';

/** What each post event says, in words: an event the API adds does not compile until it is given its words. */
const STEPS: Record<PostHistoryEntry['type'], string> = {
  'post.created': 'Created',
  'post.updated': 'Edited',
  'post.scheduled': 'Scheduled',
  'post.approval_requested': 'Sent for approval',
  'post.approved': 'Approved',
  'post.deleted': 'Deleted',
  'post.publishing_started': 'Publishing started',
  'post.account_published': 'Published to',
  'post.account_failed': 'Failed on',
  'post.published': 'Published',
  'post.failed': 'Failed',
  'post.metrics_updated': 'Figures read for',
};

/** The post's history, loaded when opened: each event with its time and the account it is about. */
export function PostHistory({ post, label }: { post: Post; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="history" onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary aria-label={`History of ${label}`}>History</summary>
      {open && <HistoryList post={post} />}
    </details>
  );
}

function HistoryList({ post }: { post: Post }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const history = useLoad(
    () => answer(api.GET('/api/{workspaceUuid}/posts/{postUuid}/history', { params: { path: { workspaceUuid, postUuid: post.uuid } } })),
    [workspaceUuid, post.uuid, post.status],
  );
  if (history.error) return <Notice kind="error">{history.error}</Notice>;
  if (!history.data) return <Loading what="the history" />;
  const accountName = (id: number | null) => post.accounts.find((account) => account.id === id)?.name ?? (id === null ? '' : `account ${id}`);
  return (
    <ol class="plain history-steps">
      {history.data.data.map((entry) => (
        <li key={entry.revision}>
          <time dateTime={entry.at}>{formatInZone(entry.at, timeZone)}</time> {STEPS[entry.type] ?? entry.type}
          {entry.account_id !== null && ` ${accountName(entry.account_id)}`}
        </li>
      ))}
    </ol>
  );
}
