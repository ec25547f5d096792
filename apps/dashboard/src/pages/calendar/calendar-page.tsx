import { useState } from 'preact/hooks';
import type { Post } from '../../api';
import { Loading, Notice, useAction, useLoad } from '../../components/ui';
import { navigate } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { isPhoneWidth } from '../../phone-width';
import { addDays, addMonths, dayTitle, monthTitle, weekStart, zonedParts } from '../../time';
import { allPosts } from '../posts/post-list-query';
import { isTimed, statusLabel } from '../posts/post-outcome';
import { AgendaView } from './agenda-view';
import { MonthView, type ViewProps, WeekView } from './calendar-grids';
import { movePost } from './move-post';
import { MoveToDay, type Placed, snippetOf } from './post-chip';

type View = 'month' | 'week' | 'agenda';

const VIEWS: { view: View; label: string }[] = [
  { view: 'month', label: 'Month' },
  { view: 'week', label: 'Week' },
  { view: 'agenda', label: 'Agenda' },
];

/**
 * Posts by their scheduled (or published) time, in the chosen zone: a month, a week, or an agenda
 * (the month's days with posts, as a list: what phone widths open with, a month grid being
 * unreadable there). An empty slot of today or later opens compose at its time. A draft, scheduled or failed post is moved to another day by dragging
 * it there, or with its `Move` button and a date field; it keeps its time of day.
 */
export function CalendarPage() {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const today = zonedParts(new Date(), timeZone).date;
  const [view, setView] = useState<View>(() => (isPhoneWidth() ? 'agenda' : 'month'));
  const [day, setDay] = useState(today);
  const posts = useLoad(() => allPosts(workspaceUuid, null), [workspaceUuid]);
  const action = useAction();
  const [moving, setMoving] = useState<Post | null>(null);

  const placed: Placed[] = (posts.data ?? [])
    .filter((post) => post.scheduled_at ?? post.published_at)
    .map((post) => ({ post, ...zonedParts(new Date((post.scheduled_at ?? post.published_at)!), timeZone) }));
  const on = (date: string) => placed.filter((item) => item.date === date).sort((a, b) => a.time.localeCompare(b.time));
  const compose = (date: string, time: string) => navigate(`/posts/new?date=${date}&time=${time}`);
  const step = (direction: number) => setDay(view === 'week' ? addDays(day, 7 * direction) : addMonths(day, direction));
  const title = view === 'week' ? `Week of ${dayTitle(weekStart(day))}` : monthTitle(day);
  const move = async (post: Post, date: string) => {
    const moved = await action.run(() => movePost(workspaceUuid, post, date, today, timeZone));
    if (!moved) return;
    const at = zonedParts(new Date(moved.scheduled_at!), timeZone);
    action.setDone(`Moved “${snippetOf(moved)}” to ${at.date} at ${at.time} (${isTimed(moved) ? statusLabel(moved.status) : 'still a draft'}).`);
    setMoving(null);
    posts.reload();
  };
  const dropOn = (date: string) => (uuid: string) => {
    const post = posts.data?.find((candidate) => candidate.uuid === uuid);
    if (post) void move(post, date);
  };
  const props: ViewProps = { day, today, on, compose, dropOn, onMove: setMoving };

  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Calendar</h1>
        <div class="tabs" role="group" aria-label="View">
          {VIEWS.map((choice) => (
            <button key={choice.view} type="button" class="tab" aria-pressed={view === choice.view} onClick={() => setView(choice.view)}>
              {choice.label}
            </button>
          ))}
        </div>
      </div>
      <div class="calendar-nav">
        <button type="button" class="secondary" onClick={() => step(-1)}>
          Previous
        </button>
        <button type="button" class="secondary" onClick={() => setDay(today)}>
          Today
        </button>
        <button type="button" class="secondary" onClick={() => step(1)}>
          Next
        </button>
        <h2 aria-live="polite">{title}</h2>
        <span class="muted">Times in {timeZone}</span>
      </div>
      {posts.error && <Notice kind="error">{posts.error}</Notice>}
      {posts.loading && !posts.data && <Loading what="posts" />}
      {action.outcome}
      {moving && <MoveToDay key={moving.uuid} post={moving} today={today} busy={action.busy} onMove={(date) => void move(moving, date)} onCancel={() => setMoving(null)} />}
      <p class="muted calendar-help">Drag a draft, scheduled or failed post onto another day to move it (or use its Move button); it keeps its time of day.</p>
      {view === 'month' && <MonthView {...props} />}
      {view === 'week' && <WeekView {...props} />}
      {view === 'agenda' && <AgendaView {...props} />}
    </>
  );
}
