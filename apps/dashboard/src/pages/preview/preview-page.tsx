import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { answer, api, type PostPreview } from '../../api';
import { FieldMessages, Loading, Notice, useAction, useLoad } from '../../components/ui';
import { browserTimeZone, formatInZone } from '../../time';
import { AccountPreview, type PreviewedMedia } from '../posts/network-previews';
import { awaitsApproval, statusLabel } from '../posts/post-outcome';
import { NOTE_MAX_CHARACTERS, NoteList } from '../posts/review-notes';

/** What the API answers for a link that is unknown, expired or revoked. */
const DEAD_LINK = 'Preview link not found.';

/**
 * A post shown to a reviewer outside the workspace, with no account: as each network would show
 * it, with its notes, a form to add one under the name they give, and Approve when the link
 * allows it and the post awaits approval.
 */
export function PreviewPage({ token }: { token: string }) {
  const ofLink = { params: { path: { token } } };
  const preview = useLoad(() => answer(api.GET('/api/preview/{token}', ofLink)), [token]);
  const rendering = useLoad(() => answer(api.GET('/api/preview/{token}/platforms', ofLink)), [token]);
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const action = useAction();
  const timeZone = browserTimeZone();

  if (preview.error === DEAD_LINK) {
    return (
      <main class="preview-page">
        <h1>This preview link does not work</h1>
        <p>It has expired, it was revoked, or its address is incomplete. Ask whoever sent it to you for a new link.</p>
      </main>
    );
  }
  if (preview.error) return <main class="preview-page"><Notice kind="error">{preview.error}</Notice></main>;
  if (!preview.data) return <main class="preview-page"><Loading what="the post" /></main>;
  const { post, notes, can_approve, expires_at } = preview.data;

  const addNote = async (event: Event) => {
    event.preventDefault();
    const added = await action.run(() => answer(api.POST('/api/preview/{token}/notes', { ...ofLink, body: { name, body } })), 'Note added.');
    if (added) {
      setBody('');
      preview.reload();
    }
  };
  const approve = async () => {
    const approved = await action.run(() => answer(api.POST('/api/preview/{token}/approve', { ...ofLink, body: { name } })), 'Approved: the post is scheduled.');
    if (approved) preview.reload();
  };
  const platforms = new Map((rendering.data?.data ?? []).map((platform) => [platform.provider, platform]));

  return (
    <main class="preview-page">
      <h1>Post preview</h1>
      <p class="post-status">
        Status: <span class={`status status-${post.status}`}>{statusLabel(post.status)}</span>
        {post.scheduled_at && <span class="muted"> for {formatInZone(post.scheduled_at, timeZone)} ({timeZone})</span>}
      </p>
      <p class="muted">This link works until {formatInZone(expires_at, timeZone)}.</p>
      <section class="previews" aria-labelledby="previews-title">
        <h2 id="previews-title">As each network shows it</h2>
        <div class="preview-grid">
          {post.accounts.map((account, index) => {
            const version = post.versions[rendering.data?.account_versions[index] ?? 0] ?? post.versions[0];
            const items = version?.content.map((item) => item.body) ?? [''];
            const media: PreviewedMedia[] = (version?.content[0]?.media ?? []).map((id) => ({ id, mime_type: null, url: null }));
            return <AccountPreview key={`${account.provider}-${index}`} account={{ ...account, limits: null }} platform={platforms.get(account.provider)} items={items} media={media} />;
          })}
        </div>
      </section>
      <ReviewSection post={post} notes={notes} canApprove={can_approve} timeZone={timeZone}>
        <form onSubmit={(event) => void addNote(event)}>
          <label for="reviewer-name">Your name</label>
          <input id="reviewer-name" maxLength={100} required value={name} autocomplete="name" onInput={(event) => setName(event.currentTarget.value)} />
          <FieldMessages id="reviewer-name-errors" errors={action.errors} keys={['name']} />
          <label for="note-body">Note</label>
          <textarea id="note-body" rows={3} maxLength={NOTE_MAX_CHARACTERS} required value={body} onInput={(event) => setBody(event.currentTarget.value)} />
          <FieldMessages id="note-errors" errors={action.errors} keys={['body']} />
          <div class="buttons">
            <button type="submit" class="secondary" disabled={action.busy}>
              Add note
            </button>
            {can_approve && awaitsApproval(post) && (
              <button type="button" disabled={action.busy || name.trim() === ''} onClick={() => void approve()}>
                Approve
              </button>
            )}
          </div>
        </form>
        {action.outcome}
      </ReviewSection>
    </main>
  );
}

function ReviewSection({ post, notes, canApprove, timeZone, children }: { post: PostPreview['post']; notes: PostPreview['notes']; canApprove: boolean; timeZone: string; children: ComponentChildren }) {
  return (
    <section class="card review-notes" aria-labelledby="review-notes-heading">
      <h2 id="review-notes-heading">Review notes</h2>
      {awaitsApproval(post) && (
        <p class="notice notice-warning">{canApprove ? 'This post awaits approval: give your name, then Approve, or leave a note.' : 'This post awaits approval. Leave a note for its team.'}</p>
      )}
      {notes.length === 0 ? <p class="muted">No notes yet.</p> : <NoteList notes={notes} timeZone={timeZone} />}
      {children}
    </section>
  );
}
