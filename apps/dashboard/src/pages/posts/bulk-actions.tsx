import { useState } from 'preact/hooks';
import { answer, ApiFailure, api, type Post, postAsRead } from '../../api';
import { messageOf } from '../../components/ui';
import { plural } from '../../plural';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { bodyOf, draftOf } from './compose-draft';
import { postName } from './post-list-query';
import { awaitsApproval } from './post-outcome';

interface BulkReport {
  summary: string;
  problems: string[];
}

/** A failure of one post, in words: the API's message, and its field messages after a 422. */
function failureOf(post: Post, verb: string, error: unknown): string {
  const details = error instanceof ApiFailure ? Object.values(error.errors).flat() : [];
  return `“${postName(post)}” was not ${verb}: ${[messageOf(error), ...details].join(' ')}`;
}

const quoted = (posts: Post[]): string => posts.map((post) => `“${postName(post)}”`).join(', ');

/**
 * What can be done to the selected posts at once, one request per post (the API's own), with the
 * progress while it runs and a summary after: `Delete selected` (published posts are skipped, and
 * named), `Reschedule selected` to a date and time in the chosen zone.
 */
export function BulkActions({ selected, onDone }: { selected: Post[]; onDone(): void }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const [progress, setProgress] = useState<string | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');

  /** Runs `work` on each post in turn; answers the posts it failed on, with why. */
  const runEach = async (posts: Post[], doing: string, verb: string, work: (post: Post) => Promise<unknown>): Promise<{ failed: string[]; results: unknown[] }> => {
    const failed: string[] = [];
    const results: unknown[] = [];
    for (const [index, post] of posts.entries()) {
      setProgress(`${doing} ${index + 1} of ${posts.length}…`);
      try {
        results.push(await work(post));
      } catch (error) {
        failed.push(failureOf(post, verb, error));
      }
    }
    setProgress(null);
    onDone();
    return { failed, results };
  };

  const removeSelected = async () => {
    const kept = selected.filter((post) => !post.actions.delete);
    const deletable = selected.filter((post) => post.actions.delete);
    const skipping = kept.length > 0 ? ` ${plural(kept.length, 'post')} will be skipped: published posts and posts being published cannot be deleted.` : '';
    if (!window.confirm(`Delete ${plural(deletable.length, 'post')}?${skipping}`)) return;
    setReport(null);
    const { failed } = await runEach(deletable, 'Deleting', 'deleted', (post) => answer(api.DELETE('/api/{workspaceUuid}/posts/{postUuid}', postAsRead(workspaceUuid, post))));
    const skipped = kept.length > 0 ? ` Skipped ${plural(kept.length, 'post')} (published posts and posts being published cannot be deleted): ${quoted(kept)}.` : '';
    setReport({ summary: `Deleted ${plural(deletable.length - failed.length, 'post')}.${skipped}`, problems: failed });
  };

  const rescheduleSelected = async () => {
    if (!date || !time) {
      setReport({ summary: '', problems: ['Choose the date and the time to reschedule the selected posts to.'] });
      return;
    }
    setReport(null);
    const { failed, results } = await runEach(selected, 'Rescheduling', 'rescheduled', (post) =>
      answer(api.PUT('/api/{workspaceUuid}/posts/{postUuid}', { ...postAsRead(workspaceUuid, post), body: bodyOf({ ...draftOf(post, timeZone), date, time }, 'schedule', timeZone) })),
    );
    const waiting = (results as Post[]).filter(awaitsApproval).length;
    const approval = waiting > 0 ? ` ${plural(waiting, 'post')} of them ${waiting === 1 ? 'waits' : 'wait'} for approval.` : '';
    setReport({ summary: `Rescheduled ${plural(results.length, 'post')} for ${date} ${time} (${timeZone}).${approval}`, problems: failed });
  };

  const busy = progress !== null;
  return (
    <section class="bulk" aria-label="Selected posts">
      {selected.length > 0 && (
        <div class="row">
          <strong>{plural(selected.length, 'post')} selected</strong>
          <button type="button" class="danger" disabled={busy} onClick={() => void removeSelected()}>
            Delete selected
          </button>
          <div class="field">
            <label for="bulk-date">New date</label>
            <input id="bulk-date" type="date" value={date} onInput={(event) => setDate(event.currentTarget.value)} />
          </div>
          <div class="field">
            <label for="bulk-time">New time</label>
            <input id="bulk-time" type="time" value={time} onInput={(event) => setTime(event.currentTarget.value)} />
          </div>
          <button type="button" disabled={busy} onClick={() => void rescheduleSelected()}>
            Reschedule selected
          </button>
        </div>
      )}
      {progress && (
        <p role="status" class="muted">
          {progress}
        </p>
      )}
      {report?.summary && (
        <p class="notice notice-ok" role="status">
          {report.summary}
        </p>
      )}
      {report && report.problems.length > 0 && (
        <ul class="notice notice-error field-errors" role="alert">
          {report.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
