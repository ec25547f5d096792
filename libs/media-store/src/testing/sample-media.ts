import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG of `width` x `height` (8-bit RGB, a colour gradient), that any decoder reads. */
export function pngImage(width: number, height: number, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([(x * 255) / Math.max(1, width - 1), (y * 255) / Math.max(1, height - 1), seed & 0xff], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of an MP4 file: an `ftyp` box (brand isom, compatible iso2, avc1, mp41) and an empty `mdat`. */
export function mp4Start(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1')]);
  return Buffer.concat([ftyp, Buffer.from([0, 0, 0, 8]), Buffer.from('mdat', 'latin1')]);
}

/**
 * A small MP4 file as platforms meet one: `ftyp`, a `moov` box whose movie header (`mvhd`, version
 * 0) gives the duration, and an `mdat` of `payloadBytes` bytes (filled from `seed`, so that two
 * videos differ). Not a playable video: what the service and the platforms' local servers read of it.
 */
export function mp4Video({ seconds = 5, payloadBytes = 64 * 1024, seed = 1 }: { seconds?: number; payloadBytes?: number; seed?: number } = {}): Buffer {
  const ftyp = mp4Start().subarray(0, 32);
  const timescale = 1000;
  const mvhd = Buffer.alloc(108);
  mvhd.writeUInt32BE(108, 0);
  mvhd.write('mvhd', 4, 'latin1');
  mvhd.writeUInt32BE(timescale, 20);
  mvhd.writeUInt32BE(Math.round(seconds * timescale), 24);
  mvhd.writeUInt32BE(0x00010000, 28); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 32); // volume 1.0
  mvhd.writeUInt32BE(0x00010000, 44); // the identity matrix
  mvhd.writeUInt32BE(0x00010000, 60);
  mvhd.writeUInt32BE(0x40000000, 76);
  mvhd.writeUInt32BE(2, 104); // next track id
  const moov = Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from('moov', 'latin1'), mvhd]);
  moov.writeUInt32BE(moov.length, 0);
  const mdat = Buffer.alloc(8 + payloadBytes);
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write('mdat', 4, 'latin1');
  for (let index = 8; index < mdat.length; index++) mdat[index] = (index * 31 + seed * 17) & 0xff;
  return Buffer.concat([ftyp, moov, mdat]);
}
