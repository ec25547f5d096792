import { AcceptedRequestIds } from './accepted-request-ids';

describe('AcceptedRequestIds', () => {
  it('accepts an id once while it is kept', () => {
    const ids = new AcceptedRequestIds();
    expect(ids.accept('request-1', 1_000, 0)).toBe(true);
    expect(ids.accept('request-1', 1_000, 999)).toBe(false);
    expect(ids.accept('request-2', 1_000, 999)).toBe(true);
  });

  it('forgets ids once their requests are too old to be accepted anyway, so the memory holds one window of requests', () => {
    const ids = new AcceptedRequestIds();
    for (let sentAt = 0; sentAt < 100_000; sentAt += 100) expect(ids.accept(`request-${sentAt}`, sentAt + 15_000, sentAt)).toBe(true);
    expect(ids.size).toBe(150);
    expect(ids.accept('request-late', 200_000, 200_000)).toBe(true);
    expect(ids.size).toBe(1);
  });

  it('forgets an expired id kept behind a later one when that one goes', () => {
    const ids = new AcceptedRequestIds();
    ids.accept('sent-first', 20_000, 0);
    ids.accept('sent-earlier-by-a-slower-clock', 10_000, 1);
    ids.accept('next', 30_000, 15_000);
    expect(ids.size).toBe(3);
    ids.accept('later', 40_000, 25_000);
    expect(ids.size).toBe(2);
  });
});
