import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mp4DurationSeconds } from './mp4-duration';
import { mp4Start, mp4Video, pngImage } from './testing/sample-media';

describe('mp4DurationSeconds', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mp4-duration-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const file = (name: string, bytes: Buffer) => {
    const path = join(folder, name);
    writeFileSync(path, bytes);
    return path;
  };

  it('reads the duration of the movie header, before the media data', async () => {
    expect(await mp4DurationSeconds(file('fast-start.mp4', mp4Video({ seconds: 12.5 })))).toBe(12.5);
  });

  it('finds the movie header after the media data (a file not prepared for streaming)', async () => {
    const video = mp4Video({ seconds: 95, payloadBytes: 200_000 });
    const ftyp = video.subarray(0, 32);
    const moovSize = video.readUInt32BE(32);
    const moov = video.subarray(32, 32 + moovSize);
    const mdat = video.subarray(32 + moovSize);
    expect(await mp4DurationSeconds(file('moov-last.mp4', Buffer.concat([ftyp, mdat, moov])))).toBe(95);
  });

  it('reads a version 1 header (64-bit times)', async () => {
    const mvhd = Buffer.alloc(120);
    mvhd.writeUInt32BE(120, 0);
    mvhd.write('mvhd', 4, 'latin1');
    mvhd[8] = 1;
    mvhd.writeUInt32BE(600, 28);
    mvhd.writeBigUInt64BE(600n * 3_600n, 32);
    const moov = Buffer.concat([Buffer.from([0, 0, 0, 128]), Buffer.from('moov', 'latin1'), mvhd]);
    expect(await mp4DurationSeconds(file('v1.mp4', Buffer.concat([mp4Start().subarray(0, 32), moov])))).toBe(3_600);
  });

  it('answers null when there is no movie header, or the boxes make no sense', async () => {
    expect(await mp4DurationSeconds(file('no-moov.mp4', mp4Start()))).toBeNull();
    expect(await mp4DurationSeconds(file('image.png', pngImage(4, 4)))).toBeNull();
    const broken = mp4Video({ seconds: 3 });
    broken.writeUInt32BE(0xfffffff0, 32);
    expect(await mp4DurationSeconds(file('broken.mp4', broken))).toBeNull();
  });
});
