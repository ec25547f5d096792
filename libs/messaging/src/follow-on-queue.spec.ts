import { IncomingMessage } from './message-bus.port';
import { FollowOnQueue } from './follow-on-queue';

const at = (offset: number): IncomingMessage => ({
  topic: 'post-events',
  partition: 0,
  offset: String(offset),
  key: `post-${offset}`,
  value: { offset },
  headers: {},
  timestamp: '2026-11-29T00:00:00.000Z',
});
const offsets = (messages: IncomingMessage[] | null) => messages?.map((message) => Number(message.offset)) ?? null;
const handedOverMessages = (capacity: number) => new FollowOnQueue<IncomingMessage>(capacity, (message) => Number(message.offset));
const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => at(from + index));

describe('FollowOnQueue', () => {
  it('hands over what follows on from the next offset, at most the limit, then the rest', () => {
    const handedOver = handedOverMessages(1_000);
    handedOver.add(range(10, 3));
    handedOver.add(range(13, 2));
    expect(offsets(handedOver.take(10, 4))).toEqual([10, 11, 12, 13]);
    expect(offsets(handedOver.take(14, 4))).toEqual([14]);
    expect(handedOver.size).toBe(0);
  });

  it('drops what the reader already read from the log, and answers null when the next offset is missing', () => {
    const handedOver = handedOverMessages(1_000);
    handedOver.add(range(5, 5));
    expect(offsets(handedOver.take(7, 10))).toEqual([7, 8, 9]);
    handedOver.add(range(12, 2));
    expect(handedOver.take(10, 10)).toBeNull();
    expect(handedOver.size).toBe(2);
    expect(offsets(handedOver.take(12, 10))).toEqual([12, 13]);
    handedOver.add(range(20, 1));
    expect(handedOver.take(21, 10)).toBeNull();
    expect(handedOver.size).toBe(0);
  });

  it('stops at a gap in offsets', () => {
    const handedOver = handedOverMessages(1_000);
    handedOver.add([at(1), at(2), at(4)]);
    expect(offsets(handedOver.take(1, 10))).toEqual([1, 2]);
    expect(handedOver.take(3, 10)).toBeNull();
  });

  it('empties past its capacity, so the reader goes back to the log', () => {
    const handedOver = handedOverMessages(5);
    handedOver.add(range(0, 4));
    handedOver.add(range(4, 2));
    expect(handedOver.size).toBe(0);
    expect(handedOver.take(0, 10)).toBeNull();
  });

  it('keeps order over a long backlog taken a little at a time', () => {
    const handedOver = handedOverMessages(1_000);
    const taken: number[] = [];
    for (let round = 0; round < 100; round++) {
      handedOver.add(range(round * 10, 10));
      taken.push(...offsets(handedOver.take(taken.length, 7))!);
    }
    while (handedOver.size > 0) taken.push(...offsets(handedOver.take(taken.length, 7))!);
    expect(taken).toEqual(Array.from({ length: 1_000 }, (_, index) => index));
  });

  it('sorts in a hand-over that comes before what it keeps, and ignores an empty one', () => {
    const handedOver = handedOverMessages(1_000);
    handedOver.add(range(3, 2));
    handedOver.add([]);
    handedOver.add(range(1, 2));
    expect(offsets(handedOver.take(1, 10))).toEqual([1, 2, 3, 4]);
  });
});
