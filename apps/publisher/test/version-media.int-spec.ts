import { randomUUID } from 'node:crypto';
import { putMediaBytes } from '@app/media-store';
import { pngImage } from '@app/media-store/testing';
import { original } from '@app/domain/testing';
import { account, PublisherHarness } from './publisher-harness';

/** The publisher finds a content item's media in the media store by id, and hands them to the provider with that item, in order, to read one at a time. */
describe('Publisher: the media of a version (SQLite, files in a temporary folder)', () => {
  let harness: PublisherHarness;

  beforeAll(async () => {
    harness = await PublisherHarness.start();
  });
  afterAll(() => harness?.close());
  afterEach(() => {
    harness.scripted.beforeReadingMedia = async () => undefined;
  });

  it('gives the provider the media each content item names with that item, described by the store, each once and in order, their bytes read from the store', async () => {
    await harness.connect(401, 'scripted');
    const [first, second] = [randomUUID(), randomUUID()];
    await putMediaBytes(harness.media, { id: first, mimeType: 'image/png', width: 3, height: 2, bytes: pngImage(3, 2) });
    await putMediaBytes(harness.media, { id: second, mimeType: 'image/png', width: 5, height: 4, bytes: pngImage(5, 4) });
    const post = randomUUID();
    const version = { ...original, content: [{ body: 'One', media: [second] }, { body: 'Two', media: [first, second, first] }] };
    await harness.startPublishing(post, 1, [account(401, 'scripted')], [version]);

    expect(await harness.resultsOf(post, 1)).toEqual([expect.objectContaining({ accountId: 401, outcome: 'published' })]);
    const described = (key: string) => {
      const index = harness.scripted.calls.findIndex((request) => request.idempotencyKey === key);
      return { media: harness.scripted.calls[index].media.map(({ id, width, height, size }) => ({ id, width, height, size })), bytes: harness.scripted.mediaBytes[index] };
    };
    const [firstFile, secondFile] = [{ id: first, width: 3, height: 2, size: pngImage(3, 2).length }, { id: second, width: 5, height: 4, size: pngImage(5, 4).length }];
    expect(described(`${post}:401`)).toEqual({ media: [secondFile], bytes: [pngImage(5, 4)] });
    expect(described(`${post}:401:1`)).toEqual({ media: [firstFile, secondFile], bytes: [pngImage(3, 2), pngImage(5, 4)] });
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

  it('fails the account with the same message, not as an unknown outcome, when the file goes before the provider reads it', async () => {
    await harness.connect(403, 'scripted');
    const media = randomUUID();
    await putMediaBytes(harness.media, { id: media, mimeType: 'image/png', width: 2, height: 2, bytes: pngImage(2, 2) });
    harness.scripted.beforeReadingMedia = () => harness.media.delete(media);
    const post = randomUUID();
    await harness.startPublishing(post, 1, [account(403, 'scripted')], [{ ...original, content: [{ body: 'Going', media: [media] }] }]);

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({ accountId: 403, outcome: 'failed', errors: [`The media ${media} no longer exists; edit the post without it.`] }),
    ]);
  });
});
