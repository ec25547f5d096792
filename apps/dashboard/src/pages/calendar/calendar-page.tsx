import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Post } from '../../api';
import { Loading, Notice, useAction, useLoad } from '../../components/ui';
import { navigate } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { addDays, addMonths, dayTitle, monthGrid, monthTitle, WEEKDAYS, weekStart, zonedParts } from '../../time';
import { allPosts } from '../posts/post-list-query';
import { movePost } from './move-post';
import { DRAGGED_POST, MoveToDay, type Placed, PostChip, snippetOf } from './post-chip';

type View = 'month' | 'week';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Posts by their scheduled (or published) time, in the chosen zone; an empty slot of today or later
 * opens compose at its time. A draft, scheduled or failed post is moved to another day by dragging
 * it there, or with its `Move` button and a date field; it keeps its time of day.
 */
export function CalendarPage() {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const today = zonedParts(new Date(), timeZone).date;
  const [view, setView] = useState<View>('month');
  const [day, setDay] = useState(today);
  const posts = useLoad(() => allPosts(workspaceUuid, null), [workspaceUuid]);
  const action = useAction();
  const [moving, setMoving] = useState<Post | null>(null);

  const placed: Placed[] = (posts.data ?? [])
    .filter((post) => post.scheduled_at ?? post.published_at)
    .map((post) => ({ post, ...zonedParts(new Date((post.scheduled_at ?? post.published_at)!), timeZone) }));
  const on = (date: string) => placed.filter((item) => item.date === date).sort((a, b) => a.time.localeCompare(b.time));
  const compose = (date: string, time: string) => navigate(`/posts/new?date=${date}&time=${time}`);
  const step = (direction: number) => setDay(view === 'month' ? addMonths(day, direction) : addDays(day, 7 * direction));
  const title = view === 'month' ? monthTitle(day) : `Week of ${dayTitle(weekStart(day))}`;
  const move = async (post: Post, date: string) => {
    const moved = await action.run(() => movePost(workspaceUuid, post, date, today, timeZone));
    if (!moved) return;
    const at = zonedParts(new Date(moved.scheduled_at!), timeZone);
    action.setDone(`Moved “${snippetOf(moved)}” to ${at.date} at ${at.time} (${moved.status === 'draft' ? 'still a draft' : moved.status}).`);
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
          <button type="button" class="tab" aria-pressed={view === 'month'} onClick={() => setView('month')}>
            Month
          </button>
          <button type="button" class="tab" aria-pressed={view === 'week'} onClick={() => setView('week')}>
            Week
          </button>
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
      {view === 'month' ? <MonthView {...props} /> : <WeekView {...props} />}
    </>
  );
}

interface ViewProps {
  day: string;
  today: string;
  on(date: string): Placed[];
  compose(date: string, time: string): void;
  dropOn(date: string): (uuid: string) => void;
  onMove(post: Post): void;
}

/** A day's cell that takes a dragged post (a past day too: the move is refused there, with a message). */
function DropCell({ day, onDrop, children, class: kind }: { day: string; onDrop(uuid: string): void; children: ComponentChildren; class: string }) {
  const [over, setOver] = useState(false);
  return (
    <td
      data-day={day}
      class={`${kind}${over ? ' drop-target' : ''}`}
      onDragOver={(event) => {
        if (!event.dataTransfer?.types.includes(DRAGGED_POST)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const uuid = event.dataTransfer?.getData(DRAGGED_POST);
        if (!uuid) return;
        event.preventDefault();
        onDrop(uuid);
      }}
    >
      {children}
    </td>
  );
}

function MonthView({ day, today, on, compose, dropOn, onMove }: ViewProps) {
  const month = day.slice(0, 7);
  return (
    <table class="calendar month">
      <caption class="visually-hidden">{monthTitle(day)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
            <th scope="col" key={weekday}>
              {weekday}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(day).map((week) => (
          <tr key={week[0]}>
            {week.map((date) => (
              <DropCell key={date} day={date} class={`${date.slice(0, 7) === month ? '' : 'other-month'} ${date === today ? 'today' : ''} ${date < today ? 'past' : ''}`} onDrop={dropOn(date)}>
                <div class="day-number">{Number(date.slice(8))}</div>
                {on(date).map((item) => (
                  <PostChip key={item.post.uuid} item={item} onMove={onMove} />
                ))}
                {date >= today && (
                  <button type="button" class="slot" aria-label={`New post on ${date}`} onClick={() => compose(date, '09:00')}>
                    +
                  </button>
                )}
              </DropCell>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeekView({ day, today, on, compose, dropOn, onMove }: ViewProps) {
  const days = Array.from({ length: 7 }, (_, index) => addDays(weekStart(day), index));
  return (
    <div class="scroll">
      <table class="calendar week">
        <thead>
          <tr>
            <th scope="col">
              <span class="visually-hidden">Hour</span>
            </th>
            {days.map((date) => (
              <th scope="col" key={date}>
                {dayTitle(date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {HOURS.map((hour) => (
            <tr key={hour}>
              <th scope="row">{pad(hour)}:00</th>
              {days.map((date) => {
                const items = on(date).filter((item) => item.hour === hour);
                const time = `${pad(hour)}:00`;
                return (
                  <DropCell key={date} day={date} class={date < today ? 'past' : ''} onDrop={dropOn(date)}>
                    {items.map((item) => (
                      <PostChip key={item.post.uuid} item={item} onMove={onMove} />
                    ))}
                    {items.length === 0 && date >= today && <button type="button" class="slot" aria-label={`New post on ${date} at ${time}`} onClick={() => compose(date, time)} />}
                  </DropCell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
