import { VideoRule } from '@app/domain';

const MB = 1_000_000;

/** Videos within these bounds (seconds, and megabytes), each omitted for none. */
export const videosOf = ({ minSeconds = null, maxSeconds = null, maxMegabytes = null }: { minSeconds?: number | null; maxSeconds?: number | null; maxMegabytes?: number | null }): VideoRule => ({
  accepted: true,
  minSeconds,
  maxSeconds,
  maxBytes: maxMegabytes === null ? null : maxMegabytes * MB,
});

/** A platform (or a provider of this service) that publishes no video. */
export const NO_VIDEOS: VideoRule = { accepted: false, minSeconds: null, maxSeconds: null, maxBytes: null };
