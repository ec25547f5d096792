import { bestTimesOf, engagementOf } from './best-times';
import { postMetricsOf } from './post-metrics';

const at = (iso: string, likes: number, replies = 0) => ({ publishedAt: new Date(iso), metrics: postMetricsOf({ likes, replies, views: 1000 }) });

describe('best times', () => {
  it('counts what people did with a post, not how often it was seen; unreported figures add nothing', () => {
    expect(engagementOf(postMetricsOf({ likes: 3, replies: 1, reposts: 2, quotes: 1, saves: 4, views: 900, impressions: 50, clicks: 7 }))).toBe(11);
    expect(engagementOf(postMetricsOf({}))).toBe(0);
  });

  it('ranks the hours of the week by the median engagement of the posts published in them, in the queue’s time zone', () => {
    const readings = [
      // Mondays 09:xx in Paris (08:xx UTC in winter): 2, 4, 100 -> median 4.
      at('2026-11-30T08:05:00Z', 2),
      at('2026-11-23T08:40:00Z', 4),
      at('2026-11-16T08:59:00Z', 99, 1),
      // Thursday 17:xx in Paris: 6 and 8 -> median 7.
      at('2026-11-26T16:30:00Z', 6),
      at('2026-11-19T16:00:00Z', 8),
      // Sunday 23:xx UTC is Monday 00:xx in Paris.
      at('2026-11-29T23:10:00Z', 1),
    ];
    expect(bestTimesOf(readings, 'Europe/Paris')).toEqual([
      { day: 'thu', time: '17:00', median_engagement: 7, posts: 2 },
      { day: 'mon', time: '09:00', median_engagement: 4, posts: 3 },
      { day: 'mon', time: '00:00', median_engagement: 1, posts: 1 },
    ]);
    expect(bestTimesOf(readings, 'UTC').map(({ day, time }) => `${day} ${time}`)).toEqual(['thu 16:00', 'mon 08:00', 'sun 23:00']);
  });

  it('breaks ties by the number of posts, then by the order of the week', () => {
    const tied = [at('2026-11-24T10:00:00Z', 5), at('2026-11-23T10:00:00Z', 5), at('2026-11-30T10:00:00Z', 5), at('2026-11-28T07:00:00Z', 5)];
    expect(bestTimesOf(tied, 'UTC').map(({ day, time, posts }) => `${day} ${time} ${posts}`)).toEqual(['mon 10:00 2', 'tue 10:00 1', 'sat 07:00 1']);
  });
});
