import { ReceivedRequest } from '../support/receivers/receivers';
import { deliverySpan, slowdown } from './delivery-span';

const request = (receiver: number, postUuid: string, at: number): ReceivedRequest => ({
  receiver,
  at,
  event: 'post.published',
  postUuid,
  publishedAt: null,
  deliveryId: `${receiver}-${postUuid}`,
});

describe('the span of webhook deliveries', () => {
  it('counts each receiver and post once, from the first arrival to the last, retries left out', () => {
    const span = deliverySpan([request(0, 'a', 1_000), request(1, 'a', 1_500), request(0, 'a', 9_000), request(1, 'b', 3_000)]);
    expect(span).toEqual({ deliveries: 3, firstAt: 1_000, lastAt: 3_000, perSecond: 1.5 });
  });

  it('leaves out the receivers it is told to', () => {
    expect(deliverySpan([request(0, 'a', 1_000), request(1, 'a', 2_000), request(1, 'b', 4_000)], new Set([0]))).toMatchObject({ deliveries: 2, firstAt: 2_000, perSecond: 1 });
  });

  it('has no rate when everything arrived in the same millisecond, or nothing did', () => {
    expect(deliverySpan([request(0, 'a', 1_000), request(1, 'a', 1_000)]).perSecond).toBeNull();
    expect(deliverySpan([]).deliveries).toBe(0);
  });
});

describe('the slowdown of deliveries', () => {
  it('is how much lower the rate was, relative to the unhindered one', () => {
    const span = (perSecond: number) => ({ deliveries: 1, firstAt: 0, lastAt: 1, perSecond });
    expect(slowdown(span(1_000), span(800))).toBeCloseTo(0.25);
    expect(slowdown(span(1_000), span(1_000))).toBe(0);
  });
});
