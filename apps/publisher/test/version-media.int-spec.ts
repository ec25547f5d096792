import { randomUUID } from 'node:crypto';
import { pngImage } from '@app/media-samples';
import { account, original, PublisherHarness } from './publisher-harness';

/** The publisher reads a version's media from the media store by id, and hands them to the provider in order. */
describe('Publisher: the media of a version (SQLite, files in a temporary folder)', () => {
  let harness: PublisherHarness;

  beforeAll(async () => {
    harness = await PublisherHarness.start();
  });
  afterAll(() => harness?.close());

  it('gives the provider the media the version names, read from the store, each once and in order', async () => {
    await harness.connect(401, 'scripted');
    const [first, second] = [randomUUID(), randomUUID()];
    await harness.media.put({ id: first, mimeType: 'image/png', width: 3, height: 2, bytes: pngImage(3, 2) });
    await harness.media.put({ id: second, mimeType: 'image/png', width: 5, height: 4, bytes: pngImage(5, 4) });
    const post = randomUUID();
    const version = { ...original, content: [{ body: 'One', media: [second] }, { body: 'Two', media: [first, second] }] };
    await harness.startPublishing(post, 1, [account(401, 'scripted')], [version]);

    expect(await harness.resultsOf(post, 1)).toEqual([expect.objectContaining({ accountId: 401, outcome: 'published' })]);
    const call = harness.scripted.calls.find((request) => request.idempotencyKey === `${post}:401`)!;
    expect(call.media.map(({ id, width, height }) => ({ id, width, height }))).toEqual([
      { id: second, width: 5, height: 4 },
      { id: first, width: 3, height: 2 },
    ]);
    expect(call.media[1].bytes.equals(pngImage(3, 2))).toBe(true);
  });

  it('fails the account with a message naming a media file deleted since, without calling the provider', async () => {
    await harness.connect(402, 'scripted');
    const gone = randomUUID();
    const post = randomUUID();
    await harness.startPublishing(post, 1, [account(402, 'scripted')], [{ ...original, content: [{ body: 'Lost', media: [gone] }] }]);

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({ accountId: 402, outcome: 'failed', errors: [`The media ${gone} no longer exists; edit the post without it.`] }),
    ]);
    expect(harness.scripted.callsFor(402)).toBe(0);
  });
});
