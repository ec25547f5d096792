import { readPostingQueue } from './read-posting-queue';

const DAY_INVALID = 'The selected day is invalid. Use mon, tue, wed, thu, fri, sat or sun.';

describe('readPostingQueue', () => {
  it('given a time zone and slots, then they are kept in week order, each day and time once', () => {
    const result = readPostingQueue({
      timezone: 'Europe/Paris',
      slots: [
        { day: 'fri', time: '17:30' },
        { day: 'mon', time: '09:00' },
        { day: 'Mon', time: '08:15' },
        { day: 'fri', time: '17:30' },
      ],
    });
    expect(result).toEqual({
      ok: true,
      queue: {
        timezone: 'Europe/Paris',
        slots: [
          { day: 'mon', time: '08:15' },
          { day: 'mon', time: '09:00' },
          { day: 'fri', time: '17:30' },
        ],
      },
    });
  });

  it('given no time zone, then UTC; given no slots, then an empty queue', () => {
    expect(readPostingQueue({ slots: [] })).toEqual({ ok: true, queue: { timezone: 'UTC', slots: [] } });
  });

  it('given bad slots, then each fault under its own key, all at once', () => {
    expect(
      readPostingQueue({
        timezone: 'Mars/Olympus',
        slots: [{ day: 'mon', time: '09:00' }, 'x', { day: 'monday', time: '9:00' }, { day: 'sun' }, { time: '10:00' }, { day: 3, time: 10 }],
      }),
    ).toEqual({
      ok: false,
      errors: {
        timezone: ['The timezone field must be a valid timezone.'],
        'slots.1': ['The slots.1 field must be an object.'],
        'slots.2.day': [DAY_INVALID],
        'slots.2.time': ['The time does not match the format H:i.'],
        'slots.3.time': ['The slots.3.time field is required.'],
        'slots.4.day': ['The slots.4.day field is required.'],
        'slots.5.day': [DAY_INVALID],
        'slots.5.time': ['The time does not match the format H:i.'],
      },
    });
  });

  it.each([
    [undefined, { slots: ['The slots field is required.'] }],
    [{ slots: 'mon 09:00' }, { slots: ['The slots field must be an array.'] }],
    [{ slots: [], timezone: 5 }, { timezone: ['The timezone field must be a string.'] }],
  ])('given %p, then %p', (body, errors) => {
    expect(readPostingQueue(body)).toEqual({ ok: false, errors });
  });

  it('given more than 100 slots, then the list is refused once, and the faults past the hundredth are not reported', () => {
    const slots = Array.from({ length: 101 }, (_, index) => ({ day: 'tue', time: `${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}` }));
    slots.push({ day: 'never', time: '00:00' });
    expect(readPostingQueue({ slots })).toEqual({ ok: false, errors: { slots: ['The slots field must not have more than 100 items.'] } });
  });
});
