import { dayTitle, monthDays, monthTitle } from '../../time';
import { DropCell, type ViewProps } from './calendar-grids';
import { PostChip } from './post-chip';

/**
 * The month as a list: each day that has posts (and today), in order, with its posts by time. What
 * phone widths open with; a day of today or later offers a new post, and takes a dragged one.
 */
export function AgendaView({ day, today, on, compose, dropOn, onMove }: ViewProps) {
  const days = monthDays(day).filter((date) => date === today || on(date).length > 0);
  if (days.length === 0) return <p class="muted agenda-empty">No posts in {monthTitle(day)}.</p>;
  return (
    <ol class="agenda" aria-label={`Posts in ${monthTitle(day)}`}>
      {days.map((date) => {
        const items = on(date);
        return (
          <DropCell key={date} as="li" day={date} class={`agenda-day${date === today ? ' today' : ''}`} onDrop={dropOn(date)}>
            <h3>
              {dayTitle(date)}
              {date === today && <span class="muted"> (today)</span>}
            </h3>
            {items.length === 0 ? (
              <p class="muted">No posts.</p>
            ) : (
              <ul class="plain">
                {items.map((item) => (
                  <li key={item.post.uuid}>
                    <PostChip item={item} onMove={onMove} />
                  </li>
                ))}
              </ul>
            )}
            {date >= today && (
              <button type="button" class="secondary small" aria-label={`New post on ${dayTitle(date)}`} onClick={() => compose(date, '09:00')}>
                New post
              </button>
            )}
          </DropCell>
        );
      })}
    </ol>
  );
}
