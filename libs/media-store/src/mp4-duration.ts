import { open } from 'node:fs/promises';

/** At most this many boxes are read at each level: a file made of tiny boxes is not walked for ever. */
const MAX_BOXES = 1_000;

interface Box {
  type: string;
  /** Where the box's content starts, and where the box ends. */
  start: number;
  end: number;
}

/**
 * The duration of an MP4 file in seconds, from its movie header (`moov` > `mvhd`: its timescale
 * and duration, version 0 or 1), wherever `moov` is (before the media data or after it): the
 * top-level boxes are walked by their sizes, reading only their headers. Null when the file has no
 * readable movie header.
 */
export async function mp4DurationSeconds(file: string): Promise<number | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const boxesIn = async function* (start: number, end: number): AsyncGenerator<Box> {
      let position = start;
      for (let count = 0; count < MAX_BOXES && position + 8 <= end; count++) {
        const header = await read(position, 16);
        if (header.length < 8) return;
        let boxSize = header.readUInt32BE(0);
        let contentStart = position + 8;
        if (boxSize === 1) {
          if (header.length < 16) return;
          boxSize = Number(header.readBigUInt64BE(8));
          contentStart = position + 16;
        } else if (boxSize === 0) {
          boxSize = end - position;
        }
        if (boxSize < contentStart - position || position + boxSize > end) return;
        yield { type: header.toString('latin1', 4, 8), start: contentStart, end: position + boxSize };
        position += boxSize;
      }
    };
    for await (const box of boxesIn(0, size)) {
      if (box.type !== 'moov') continue;
      for await (const inner of boxesIn(box.start, box.end)) {
        if (inner.type === 'mvhd') return durationOf(await read(inner.start, Math.min(inner.end - inner.start, 32)));
      }
      return null;
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** Version 0: 32-bit times, timescale at 12, duration at 16; version 1: 64-bit times, timescale at 20, duration at 24. */
function durationOf(header: Buffer): number | null {
  const version = header[0];
  if (version === 0 && header.length >= 20) return seconds(header.readUInt32BE(12), header.readUInt32BE(16));
  if (version === 1 && header.length >= 32) return seconds(header.readUInt32BE(20), Number(header.readBigUInt64BE(24)));
  return null;
}

const seconds = (timescale: number, duration: number): number | null => (timescale > 0 && duration > 0 && duration !== 0xffffffff ? duration / timescale : null);
