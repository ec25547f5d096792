import { useState } from 'preact/hooks';
import type { Post } from '../../api';
import { Loading, Notice, useLoad } from '../../components/ui';
import { linkTo, navigate } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { addDays, addMonths, dayTitle, monthGrid, monthTitle, WEEKDAYS, weekStart, zonedParts } from '../../time';
import { allPosts, originalText } from '../posts/post-list-query';

type View = 'month' | 'week';

interface Placed {
  post: Post;
  date: string;
  time: string;
  hour: number;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const pad = (value: number) => String(value).padStart(2, '0');

/** Posts by their scheduled (or published) time, in the chosen zone; an empty slot opens compose at its time. */
export function CalendarPage() {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const today = zonedParts(new Date(), timeZone).date;
  const [view, setView] = useState<View>('month');
  const [day, setDay] = useState(today);
  const posts = useLoad(() => allPosts(workspaceUuid, null), [workspaceUuid]);

  const placed: Placed[] = (posts.data ?? [])
    .filter((post) => post.scheduled_at ?? post.published_at)
    .map((post) => ({ post, ...zonedParts(new Date((post.scheduled_at ?? post.published_at)!), timeZone) }));
  const on = (date: string) => placed.filter((item) => item.date === date).sort((a, b) => a.time.localeCompare(b.time));
  const compose = (date: string, time: string) => navigate(`/posts/new?date=${date}&time=${time}`);
  const step = (direction: number) => setDay(view === 'month' ? addMonths(day, direction) : addDays(day, 7 * direction));
  const title = view === 'month' ? monthTitle(day) : `Week of ${dayTitle(weekStart(day))}`;

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
      {view === 'month' ? <MonthView day={day} today={today} on={on} compose={compose} /> : <WeekView day={day} on={on} compose={compose} />}
    </>
  );
}

interface ViewProps {
  day: string;
  on(date: string): Placed[];
  compose(date: string, time: string): void;
}

function PostChip({ item }: { item: Placed }) {
  return (
    <a class={`chip status-${item.post.status}`} {...linkTo(`/posts/${item.post.uuid}`)}>
      {item.time} {originalText(item.post).slice(0, 40) || '(empty)'}
    </a>
  );
}

function MonthView({ day, today, on, compose }: ViewProps & { today: string }) {
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
              <td key={date} class={`${date.slice(0, 7) === month ? '' : 'other-month'} ${date === today ? 'today' : ''}`}>
                <div class="day-number">{Number(date.slice(8))}</div>
                {on(date).map((item) => (
                  <PostChip key={item.post.uuid} item={item} />
                ))}
                <button type="button" class="slot" aria-label={`New post on ${date}`} onClick={() => compose(date, '09:00')}>
                  +
                </button>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeekView({ day, on, compose }: ViewProps) {
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
                  <td key={date}>
                    {items.map((item) => (
                      <PostChip key={item.post.uuid} item={item} />
                    ))}
                    {items.length === 0 && <button type="button" class="slot" aria-label={`New post on ${date} at ${time}`} onClick={() => compose(date, time)} />}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
