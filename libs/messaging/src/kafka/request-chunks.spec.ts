import { chunkBySize, encodedSize } from './request-chunks';

const message = (index: number, valueBytes: number) => ({ key: `post-${index}`, value: 'x'.repeat(valueBytes), headers: { 'event-id': `e-${index}` } });

describe('chunkBySize', () => {
  it('keeps a batch that fits in one request', () => {
    const messages = [message(0, 100), message(1, 100)];
    expect(chunkBySize(messages, 10_000)).toEqual([messages]);
  });

  it('splits a batch over the limit into requests under it, in order', () => {
    const messages = Array.from({ length: 10 }, (_, index) => message(index, 300_000));
    const chunks = chunkBySize(messages, 900_000);
    expect(chunks.flat()).toEqual(messages);
    expect(chunks.map((chunk) => chunk.length)).toEqual([2, 2, 2, 2, 2]);
    for (const chunk of chunks) expect(chunk.reduce((sum, each) => sum + encodedSize(each), 0)).toBeLessThanOrEqual(900_000);
  });

  it('sends a message larger than the limit alone', () => {
    const messages = [message(0, 10), message(1, 2_000_000), message(2, 10)];
    expect(chunkBySize(messages, 900_000).map((chunk) => chunk.map((each) => each.key))).toEqual([['post-0'], ['post-1'], ['post-2']]);
  });

  it('counts bytes, not characters', () => {
    expect(encodedSize({ key: 'k', value: 'é'.repeat(10) })).toBe(encodedSize({ key: 'k', value: 'e'.repeat(20) }));
  });
});
