import { answer, api, type Post, postAsRead } from '../../api';
import { useAction } from '../../components/ui';
import { linkTo, navigate } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';
import { rememberOutcome, RETRY_SENT, statusLabel, statusNotice } from './post-outcome';

/** The edited post's status and time, what `needs_approval` waits for, and its Duplicate, Retry and Delete post buttons. */
export function EditPostTools({ post }: { post: Post }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const action = useAction();
  const remove = async () => {
    if (!window.confirm('Delete this post? It cannot be brought back.')) return;
    const deleted = await action.run(async () => {
      await answer(api.DELETE('/api/{workspaceUuid}/posts/{postUuid}', postAsRead(workspaceUuid, post)));
      return true;
    });
    if (deleted) {
      rememberOutcome('Post deleted.');
      navigate('/posts');
    }
  };
  const retry = async () => {
    const sent = await action.run(async () => {
      await answer(api.POST('/api/{workspaceUuid}/posts/{postUuid}/retry', postAsRead(workspaceUuid, post)));
      return true;
    });
    if (sent) {
      rememberOutcome(RETRY_SENT);
      navigate('/posts');
    }
  };
  const when = post.published_at ?? post.scheduled_at;
  const notice = statusNotice(post);
  return (
    <div class="edit-tools">
      <p class="post-status">
        Status: <span class={`status status-${post.status}`}>{statusLabel(post.status)}</span>
        {when && (
          <span class="muted">
            {' '}
            {post.published_at ? 'published' : 'for'} {formatInZone(when, timeZone)} ({timeZone})
          </span>
        )}
      </p>
      {notice && <p class="notice notice-warning">{notice}</p>}
      <div class="buttons">
        <a class="button secondary" {...linkTo(`/posts/new?from=${post.uuid}`)}>
          Duplicate
        </a>
        {post.actions.retry && (
          <button type="button" disabled={action.busy} onClick={() => void retry()}>
            Retry failed accounts
          </button>
        )}
        {post.actions.delete && (
          <button type="button" class="danger" disabled={action.busy} onClick={() => void remove()}>
            Delete post
          </button>
        )}
      </div>
      {action.outcome}
    </div>
  );
}
