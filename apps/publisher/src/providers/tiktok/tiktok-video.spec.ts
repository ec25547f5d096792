import { chunkPlan, TIKTOK_CHUNK_BYTES } from './tiktok-video';

describe('chunkPlan', () => {
  it('splits a video as TikTok’s media transfer guide does: chunks of the chunk size, the bytes left over in the last', () => {
    // The guide's example: 50,000,123 bytes in chunks of 10,000,000 are 5 chunks, the last of 10,000,123.
    expect(chunkPlan(50_000_123, 10_000_000)).toEqual({ video_size: 50_000_123, chunk_size: 10_000_000, total_chunk_count: 5 });
  });

  it('sends a video up to the chunk size whole, as one chunk of its own size', () => {
    expect(chunkPlan(3_000_000, TIKTOK_CHUNK_BYTES)).toEqual({ video_size: 3_000_000, chunk_size: 3_000_000, total_chunk_count: 1 });
    expect(chunkPlan(TIKTOK_CHUNK_BYTES, TIKTOK_CHUNK_BYTES)).toEqual({ video_size: TIKTOK_CHUNK_BYTES, chunk_size: TIKTOK_CHUNK_BYTES, total_chunk_count: 1 });
  });

  it('keeps within TikTok’s bounds with the default chunk size: the last chunk under 128 MB, at most 1000 chunks for a 4 GB video', () => {
    const plan = chunkPlan(TIKTOK_CHUNK_BYTES * 2 - 1, TIKTOK_CHUNK_BYTES);
    expect(plan.total_chunk_count).toBe(1);
    expect(plan.video_size - (plan.total_chunk_count - 1) * plan.chunk_size).toBeLessThanOrEqual(128 * 1024 * 1024);
    expect(chunkPlan(4 * 1024 ** 3, TIKTOK_CHUNK_BYTES).total_chunk_count).toBeLessThanOrEqual(1000);
  });
});
