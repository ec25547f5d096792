import { AcceptedQueryIds } from './accepted-query-ids';

describe('AcceptedQueryIds', () => {
  it('accepts an id once while it is kept', () => {
    const ids = new AcceptedQueryIds();
    expect(ids.accept('query-1', 1_000, 0)).toBe(true);
    expect(ids.accept('query-1', 1_000, 999)).toBe(false);
    expect(ids.accept('query-2', 1_000, 999)).toBe(true);
  });

  it('forgets ids once their queries are too old to be accepted anyway, so the memory holds one window of queries', () => {
    const ids = new AcceptedQueryIds();
    for (let sentAt = 0; sentAt < 100_000; sentAt += 100) expect(ids.accept(`query-${sentAt}`, sentAt + 15_000, sentAt)).toBe(true);
    expect(ids.size).toBe(150);
    expect(ids.accept('query-late', 200_000, 200_000)).toBe(true);
    expect(ids.size).toBe(1);
  });

  it('forgets an expired id kept behind a later one when that one goes', () => {
    const ids = new AcceptedQueryIds();
    ids.accept('sent-first', 20_000, 0);
    ids.accept('sent-earlier-by-a-slower-clock', 10_000, 1);
    ids.accept('next', 30_000, 15_000);
    expect(ids.size).toBe(3);
    ids.accept('later', 40_000, 25_000);
    expect(ids.size).toBe(2);
  });
});
