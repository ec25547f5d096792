import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Post } from '../../api';
import { addDays, dayTitle, monthGrid, monthTitle, WEEKDAYS, weekStart } from '../../time';
import { DRAGGED_POST, type Placed, PostChip } from './post-chip';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const pad = (value: number) => String(value).padStart(2, '0');

/** What each view of the calendar is given: the day shown, today, the posts of a day, and what a click or a drop does. */
export interface ViewProps {
  day: string;
  today: string;
  on(date: string): Placed[];
  compose(date: string, time: string): void;
  dropOn(date: string): (uuid: string) => void;
  onMove(post: Post): void;
}

/**
 * A day that takes a dragged post (a past day too: the move is refused there, with a message): a
 * table cell of the grids, or an item of the agenda's list.
 */
export function DropCell({ day, onDrop, children, class: kind, as: Tag = 'td' }: { day: string; onDrop(uuid: string): void; children: ComponentChildren; class: string; as?: 'td' | 'li' }) {
  const [over, setOver] = useState(false);
  return (
    <Tag
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
    </Tag>
  );
}

/** The month as a grid of weeks, each day with its posts and, today or later, a slot to compose. */
export function MonthView({ day, today, on, compose, dropOn, onMove }: ViewProps) {
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

/** The week by hours, in a container that scrolls sideways when the screen is narrower than the week. */
export function WeekView({ day, today, on, compose, dropOn, onMove }: ViewProps) {
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
