import { memoryProgress } from '@test/providers/support/memory-session';
import { request, SampleMedia } from '@test/providers/support/provider-scenarios';
import { channelOf, Connected, LocalYouTube, twoChunkVideo } from '@test/providers/youtube/local-youtube';
import { UPLOAD_UNIT } from '@test/providers/youtube/youtube-uploads';
import { ProcessingMessages } from '../processing/await-processing';
import { PublishRequest } from '../publish-provider';
import { YouTubeMessages } from './youtube-provider';

jest.setTimeout(60_000);

/** YouTube's resumable upload, processing and deletion of a video, against the local Google. */
describe('YouTubeProvider: a video', () => {
  let local: LocalYouTube;

  beforeAll(async () => {
    local = await LocalYouTube.start();
  });
  afterAll(() => local?.stop());

  /** The request of a video post: the text as its description, these options for YouTube. */
  async function videoRequest(account: Connected, text: string, options: Record<string, unknown> = { title: 'A video' }, file: SampleMedia = twoChunkVideo()): Promise<PublishRequest> {
    return { ...request(account, text, undefined, [await local.media.serve(file)]), options: { youtube: options } };
  }

  /** The requests the proxy saw from here on: `METHOD path`. */
  function requestsFrom(start: number): { sessions: number; puts: number } {
    const seen = local.proxy.seen.slice(start);
    return { sessions: seen.filter((line) => /^POST \/upload\//.test(line)).length, puts: seen.filter((line) => /^PUT .*upload_id=/.test(line)).length };
  }

  it('uploads the video in chunks with its title, description, privacy and tags, waits for its processing and gives its address', async () => {
    const account = await local.connection();
    const file = twoChunkVideo();
    const start = local.proxy.seen.length;
    const same = await videoRequest(account, 'What we launched today', { title: 'Launch day', privacy: 'unlisted', tags: ['launch', 'day one'] }, file);

    const outcome = await local.provider.publish(same);

    if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);
    expect(outcome.externalUrl).toBe(`https://www.youtube.com/watch?v=${outcome.externalId}`);
    const [video] = local.api.videosOf(channelOf(account));
    expect(video).toMatchObject({ id: outcome.externalId, title: 'Launch day', description: 'What we launched today', privacyStatus: 'unlisted', tags: ['launch', 'day one'], uploadStatus: 'processed' });
    expect(video.bytes.equals(file.bytes)).toBe(true);
    expect(requestsFrom(start)).toEqual({ sessions: 1, puts: 2 });
    expect((same.progress as ReturnType<typeof memoryProgress>).current).toEqual({
      upload_session: expect.stringMatching(/upload_id=/),
      chunk_offset: UPLOAD_UNIT,
      chunk_is_last: true,
      video_id: outcome.externalId,
      processing_started_at: expect.any(Number),
    });
  });

  it('takes only chunks of whole units of 256 KiB', () => {
    expect(() => local.providerWith(undefined, 100_000)).toThrow("A YouTube upload's chunks are multiples of 262144 bytes, not 100000.");
    expect(() => local.providerWith(undefined, 3 * UPLOAD_UNIT)).not.toThrow();
  });

  it('resumes an upload whose chunk’s answer was lost from where the session stands, in the same session', async () => {
    const account = await local.connection();
    const file = twoChunkVideo();
    const same = await videoRequest(account, 'Resumed', undefined, file);
    const start = local.proxy.seen.length;
    local.proxy.failNext(/upload_id=/, { hangAfterForward: true });

    expect(await local.provider.publish(same)).toMatchObject({ kind: 'retry_later' });
    expect(await local.provider.publish(same)).toMatchObject({ kind: 'published' });

    // One session; the first chunk, then the question where it stands, then the second chunk only.
    expect(requestsFrom(start)).toEqual({ sessions: 1, puts: 3 });
    expect(local.api.videosOf(channelOf(account)).map((video) => video.bytes.equals(file.bytes))).toEqual([true]);
  });

  it('starts a new session when the one journaled is gone and the last chunk was never sent', async () => {
    const account = await local.connection();
    const same = await videoRequest(account, 'In a second session');
    local.proxy.failNext(/upload_id=/, { answer: { status: 503, body: { error: { code: 503, message: 'Backend Error', errors: [{ message: 'Backend Error', domain: 'global', reason: 'backendError' }] } } } });
    expect(await local.provider.publish(same)).toMatchObject({ kind: 'retry_later', message: 'Backend Error (HTTP 503)' });
    local.api.uploads.expireSessions();
    const start = local.proxy.seen.length;

    expect(await local.provider.publish(same)).toMatchObject({ kind: 'published' });
    expect(requestsFrom(start)).toEqual({ sessions: 1, puts: 3 });
    expect(local.api.descriptionsOf(channelOf(account))).toEqual(['In a second session']);
  });

  it('reports the outcome unknown, uploading nothing again, when the session is gone after the last chunk was sent', async () => {
    const oneChunk = local.providerWith(undefined, 4 * UPLOAD_UNIT);
    const account = await local.connection(oneChunk);
    const same = await videoRequest(account, 'Maybe uploaded');
    local.proxy.failNext(/upload_id=/, { hangAfterForward: true });
    expect(await oneChunk.publish(same)).toMatchObject({ kind: 'retry_later' });
    local.api.uploads.expireSessions();

    expect(await oneChunk.publish(same)).toEqual({
      kind: 'unknown',
      message: 'The YouTube upload session is gone after the last part of the video was sent; the video may be on the channel, so it is not uploaded again.',
    });
    expect(local.api.descriptionsOf(channelOf(account))).toEqual(['Maybe uploaded']);
  });

  it('refuses a video YouTube rejected or failed to process, with its reason', async () => {
    const account = await local.connection();
    local.api.processNextAs({ uploadStatus: 'rejected', rejectionReason: 'duplicate' });
    expect(await local.provider.publish(await videoRequest(account, 'A duplicate'))).toEqual({ kind: 'rejected', message: YouTubeMessages.processingRejected('duplicate') });
    local.api.processNextAs({ uploadStatus: 'failed', failureReason: 'codec' });
    expect(await local.provider.publish(await videoRequest(account, 'An odd codec'))).toEqual({ kind: 'rejected', message: 'YouTube could not process the video: codec.' });
  });

  it('gives up on a video still processing after the processing timeout, counted from the start its journal keeps', async () => {
    const account = await local.connection();
    const impatient = local.providerWith({ timeoutMs: 200, intervalMs: 20 });
    local.api.uploads.processingReads = Infinity;
    try {
      const first = await videoRequest(account, 'Processing for ever');
      expect(await impatient.publish(first)).toEqual({ kind: 'rejected', message: ProcessingMessages.tooLong('YouTube', 0, 'processing') });

      // A try made again long after processing began, with a longer timeout: over at the first check.
      const journal = (first.progress as ReturnType<typeof memoryProgress>).current!;
      const patient = local.providerWith({ timeoutMs: 30_000, intervalMs: 20 });
      const began = Date.now();
      const again = { ...first, progress: memoryProgress({ ...journal, processing_started_at: Date.now() - 60_000 }) };
      expect(await patient.publish(again)).toEqual({ kind: 'rejected', message: ProcessingMessages.tooLong('YouTube', 1, 'processing') });
      expect(Date.now() - began).toBeLessThan(5_000);
      expect(local.api.descriptionsOf(channelOf(account))).toEqual(['Processing for ever']);
    } finally {
      local.api.uploads.processingReads = 1;
    }
  });

  it('deletes a video; one already gone counts as deleted', async () => {
    const account = await local.connection();
    const outcome = await local.provider.publish(await videoRequest(account, 'Short-lived'));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await local.provider.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(local.api.videosOf(channelOf(account))).toEqual([]);
    expect(await local.provider.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
  });
});
