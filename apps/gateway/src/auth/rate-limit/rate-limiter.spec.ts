import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000_000));

  it('allows `limit` requests per window, then refuses with the seconds left', () => {
    const limiter = new RateLimiter(3, 60_000, clock);
    expect([limiter.hit('a'), limiter.hit('a'), limiter.hit('a')]).toEqual(Array(3).fill({ allowed: true }));
    now += 20_500;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 40 });
  });

  it('never asks to wait less than one second', () => {
    const limiter = new RateLimiter(1, 60_000, clock);
    limiter.hit('a');
    now += 59_999;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('counts each key on its own', () => {
    const limiter = new RateLimiter(1, 60_000, clock);
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('b')).toEqual({ allowed: true });
    expect(limiter.hit('a').allowed).toBe(false);
  });

  it('starts a fresh window once the previous one is over', () => {
    const limiter = new RateLimiter(1, 60_000, clock);
    limiter.hit('a');
    expect(limiter.hit('a').allowed).toBe(false);
    now += 60_000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
  });

  it('does not count refused requests against the next window', () => {
    const limiter = new RateLimiter(2, 60_000, clock);
    limiter.hit('a');
    limiter.hit('a');
    for (let i = 0; i < 10; i++) limiter.hit('a');
    now += 60_000;
    expect([limiter.hit('a'), limiter.hit('a')]).toEqual([{ allowed: true }, { allowed: true }]);
    expect(limiter.hit('a').allowed).toBe(false);
  });
});

describe('RateLimiter.isExhausted', () => {
  it('tells whether a key has used its window, without counting a request', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.isExhausted('a')).toEqual({ allowed: true });
    limiter.hit('a');
    expect(limiter.isExhausted('a')).toEqual({ allowed: true });
    limiter.hit('a');
    now += 30_000;
    expect(limiter.isExhausted('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(limiter.isExhausted('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now += 30_000;
    expect(limiter.isExhausted('a')).toEqual({ allowed: true });
  });
});
