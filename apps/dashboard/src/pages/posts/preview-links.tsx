import { useState } from 'preact/hooks';
import { answer, api, type MadePreviewLink, type Post } from '../../api';
import { FieldMessages, Loading, Notice, useAction, useLoad } from '../../components/ui';
import { useDashboard, useWorkspaceMembership, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';

/** How long a new link works, as the form offers it (the API takes 1 to 720 hours). */
const DURATIONS = [
  { hours: 24, label: '1 day' },
  { hours: 168, label: '7 days' },
  { hours: 720, label: '30 days' },
] as const;

/**
 * The post's preview links, for reviewers outside the workspace: each one's expiry and whether it
 * may approve, Revoke, and a form that makes a new one and shows its address this once (the
 * service keeps only a digest of its token). Viewers only read the list.
 */
export function PreviewLinks({ post }: { post: Post }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const membership = useWorkspaceMembership();
  const ofPost = { params: { path: { workspaceUuid, postUuid: post.uuid } } };
  const links = useLoad(() => answer(api.GET('/api/{workspaceUuid}/posts/{postUuid}/preview-links', ofPost)), [workspaceUuid, post.uuid]);
  const [hours, setHours] = useState(168);
  const [canApprove, setCanApprove] = useState(false);
  const [made, setMade] = useState<MadePreviewLink | null>(null);
  const action = useAction();
  const writes = membership !== null && membership.role !== 'viewer';

  const make = async (event: Event) => {
    event.preventDefault();
    const link = await action.run(() => answer(api.POST('/api/{workspaceUuid}/posts/{postUuid}/preview-links', { ...ofPost, body: { expires_in_hours: hours, can_approve: canApprove } })));
    if (link) {
      setMade(link);
      links.reload();
    }
  };
  const revoke = async (id: number) => {
    const revoked = await action.run(async () => {
      await answer(api.DELETE('/api/{workspaceUuid}/posts/{postUuid}/preview-links/{id}', { params: { path: { workspaceUuid, postUuid: post.uuid, id } } }));
      return true;
    }, 'Link revoked: it shows nothing from now on.');
    if (revoked) {
      if (made?.id === id) setMade(null);
      links.reload();
    }
  };

  return (
    <section class="card preview-links" aria-labelledby="preview-links-heading">
      <h2 id="preview-links-heading">Preview links</h2>
      <p class="muted">A link shows this post, as each network would, to someone without an account, who may leave notes (and approve it, when the link allows).</p>
      {links.error && <Notice kind="error">{links.error}</Notice>}
      {!links.data && !links.error && <Loading what="the links" />}
      {links.data?.data.length === 0 && <p class="muted">No links yet.</p>}
      {links.data && links.data.data.length > 0 && (
        <ul class="plain" aria-label="Links">
          {links.data.data.map((link) => (
            <li key={link.id}>
              Link {link.id}: {Date.parse(link.expires_at) <= Date.now() ? 'expired' : 'works until'} {formatInZone(link.expires_at, timeZone)}
              {link.can_approve ? ', may approve' : ''}{' '}
              {writes && (
                <button type="button" class="secondary" disabled={action.busy} onClick={() => void revoke(link.id)}>
                  Revoke link {link.id}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {made && (
        <p class="notice notice-ok" role="status">
          New link (copy it now, it is shown once): <input readOnly aria-label="New preview link" value={made.url} onFocus={(event) => event.currentTarget.select()} />
        </p>
      )}
      {writes && (
        <form onSubmit={(event) => void make(event)}>
          <label for="link-duration">Works for</label>
          <select id="link-duration" value={String(hours)} onChange={(event) => setHours(Number(event.currentTarget.value))}>
            {DURATIONS.map((duration) => (
              <option key={duration.hours} value={String(duration.hours)}>
                {duration.label}
              </option>
            ))}
          </select>
          {membership?.can_approve && (
            <label class="check">
              <input type="checkbox" checked={canApprove} onChange={(event) => setCanApprove(event.currentTarget.checked)} /> The reviewer may approve the post
            </label>
          )}
          <FieldMessages id="link-errors" errors={action.errors} keys={['expires_in_hours', 'can_approve']} />
          <div class="buttons">
            <button type="submit" class="secondary" disabled={action.busy}>
              Make a link
            </button>
          </div>
        </form>
      )}
      {action.outcome}
    </section>
  );
}
