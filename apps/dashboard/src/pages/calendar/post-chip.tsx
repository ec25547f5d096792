import { useEffect, useRef, useState } from 'preact/hooks';
import type { Post } from '../../api';
import { linkTo } from '../../router';
import { postName } from '../posts/post-list-query';
import { isMovable } from './moved-body';

/** A post placed on the calendar at its time in the chosen zone. */
export interface Placed {
  post: Post;
  date: string;
  time: string;
  hour: number;
}

/** The drag's data type: the post's uuid, so that a drop elsewhere on the page means nothing. */
export const DRAGGED_POST = 'application/x-post-uuid';

export const snippetOf = (post: Post): string => postName(post, 40);

/**
 * A post on a day: its link (to edit it), draggable onto another day when it may be moved, and a
 * `Move` button that does the same without a mouse.
 */
export function PostChip({ item, onMove }: { item: Placed; onMove(post: Post): void }) {
  const movable = isMovable(item.post);
  const snippet = snippetOf(item.post);
  return (
    <div class="chip-row">
      <a
        class={`chip status-${item.post.status}`}
        {...linkTo(`/posts/${item.post.uuid}`)}
        draggable={movable}
        onDragStart={(event) => {
          event.dataTransfer?.setData(DRAGGED_POST, item.post.uuid);
          if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        }}
      >
        {item.time} {snippet}
      </a>
      {movable && (
        <button type="button" class="chip-move" aria-label={`Move ${item.time} ${snippet}`} title="Move to another day" onClick={() => onMove(item.post)}>
          Move
        </button>
      )}
    </div>
  );
}

/** Where the `Move` button leads: a day chosen with the keyboard (a date field), today or later. */
export function MoveToDay({ post, today, busy, onMove, onCancel }: { post: Post; today: string; busy: boolean; onMove(date: string): void; onCancel(): void }) {
  const [date, setDate] = useState(today);
  const field = useRef<HTMLInputElement>(null);
  // The keyboard goes on where the user is: in the day to pick.
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      class="card move-post"
      aria-label="Move a post"
      onSubmit={(event) => {
        event.preventDefault();
        if (date) onMove(date);
      }}
    >
      <p>
        Move <strong>{snippetOf(post)}</strong> to another day; it keeps its time of day.
      </p>
      <div class="row">
        <div class="field">
          <label for="move-day">New day</label>
          <input id="move-day" ref={field} type="date" min={today} required value={date} onInput={(event) => setDate(event.currentTarget.value)} />
        </div>
        <button type="submit" disabled={busy}>
          Move post
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
