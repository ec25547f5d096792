import type { Post } from '../../api';
import type { Intent } from './compose-draft';
import { draftUnschedules } from './post-outcome';

/**
 * The ways to save: now, at the time, at the queue's next slot, or as a draft. Saving a scheduled
 * post as a draft takes it off the schedule, and the button says so.
 */
export function ComposeButtons({ editing, busy, submit }: { editing: Post | null; busy: boolean; submit: (intent: Intent) => void }) {
  if (editing && !editing.actions.edit) return null;
  const unschedules = editing !== null && draftUnschedules(editing);
  return (
    <div class="buttons">
      <button type="button" disabled={busy} onClick={() => submit('schedule_now')}>
        Schedule now
      </button>
      <button type="submit" disabled={busy}>
        Schedule
      </button>
      <button type="button" class="secondary" disabled={busy} onClick={() => submit('queue')}>
        Add to queue
      </button>
      <button type="button" class="secondary" disabled={busy} onClick={() => submit('draft')}>
        {unschedules ? 'Unschedule and save as draft' : 'Save draft'}
      </button>
    </div>
  );
}
