import { useState } from 'preact/hooks';
import { answer, api, type Post, postAsRead, type ReviewNote } from '../../api';
import { FieldMessages, Loading, Notice, useAction, useLoad } from '../../components/ui';
import { navigate } from '../../router';
import { useDashboard, useWorkspaceMembership, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';
import { awaitsApproval } from './post-outcome';

/** The longest review note the API takes (`POST .../notes`, and through a preview link). */
export const NOTE_MAX_CHARACTERS = 5_000;

/**
 * A post's review notes, oldest first, with a form for the members who may write. When the post
 * awaits approval it says so, and an approver may approve it from here once they have read them.
 */
export function ReviewNotes({ post }: { post: Post }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const membership = useWorkspaceMembership();
  const ofPost = { params: { path: { workspaceUuid, postUuid: post.uuid } } };
  const notes = useLoad(() => answer(api.GET('/api/{workspaceUuid}/posts/{postUuid}/notes', ofPost)), [workspaceUuid, post.uuid]);
  const [body, setBody] = useState('');
  const action = useAction();
  const awaiting = awaitsApproval(post);

  const add = async (event: Event) => {
    event.preventDefault();
    const added = await action.run(() => answer(api.POST('/api/{workspaceUuid}/posts/{postUuid}/notes', { ...ofPost, body: { body } })), 'Note added.');
    if (added) {
      setBody('');
      notes.reload();
    }
  };
  const approve = async () => {
    const approved = await action.run(() => answer(api.POST('/api/{workspaceUuid}/posts/{postUuid}/approve', postAsRead(workspaceUuid, post))));
    if (approved) navigate(`/posts?saved=${approved.status}`);
  };

  return (
    <section class={awaiting ? 'card review-notes awaiting' : 'card review-notes'} aria-labelledby="review-notes-heading">
      <div class="card-head">
        <h2 id="review-notes-heading">Review notes</h2>
        {post.actions.approve && (
          <button type="button" disabled={action.busy} onClick={() => void approve()}>
            Approve
          </button>
        )}
      </div>
      {awaiting && (
        <p class="notice notice-warning">
          This post awaits approval. {post.actions.approve ? 'Read the notes before you approve it.' : 'Leave a note for the approver.'}
        </p>
      )}
      {notes.error && <Notice kind="error">{notes.error}</Notice>}
      {!notes.data && !notes.error && <Loading what="the notes" />}
      {notes.data?.data.length === 0 && <p class="muted">No notes yet.</p>}
      {notes.data && notes.data.data.length > 0 && (
        <NoteList notes={notes.data.data} timeZone={timeZone} />
      )}
      {membership && membership.role !== 'viewer' && (
        <form onSubmit={(event) => void add(event)}>
          <label for="note-body">Note</label>
          <textarea
            id="note-body"
            rows={3}
            maxLength={NOTE_MAX_CHARACTERS}
            required
            value={body}
            aria-describedby={Object.keys(action.errors).length > 0 ? 'note-errors' : undefined}
            onInput={(event) => {
              setBody(event.currentTarget.value);
              action.clear();
            }}
          />
          <FieldMessages id="note-errors" errors={action.errors} keys={['body']} />
          <div class="buttons">
            <button type="submit" class="secondary" disabled={action.busy}>
              Add note
            </button>
          </div>
        </form>
      )}
      {action.outcome}
    </section>
  );
}

/** Notes, oldest first, each with its author (marked when they wrote from outside, through a preview link) and time. */
export function NoteList({ notes, timeZone }: { notes: readonly ReviewNote[]; timeZone: string }) {
  return (
    <ol class="plain notes" aria-label="Notes">
      {notes.map((note) => (
        <li key={note.id} class="note">
          <p class="note-head">
            <strong>{note.author.name}</strong>
            {note.author.external && <span class="muted"> (outside reviewer)</span>} <time dateTime={note.created_at}>{formatInZone(note.created_at, timeZone)}</time>
          </p>
          <p class="note-body">{note.body}</p>
        </li>
      ))}
    </ol>
  );
}
