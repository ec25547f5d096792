import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectMedia } from './media-type';
import { mp4Start, pngImage } from './testing/sample-media';

/** Files written by ImageMagick (`convert -size WxH ...`), so the readers are checked against a real encoder's output. */
const fixture = (name: string): Buffer => readFileSync(join(__dirname, 'testing', 'fixtures', name));

describe('detectMedia', () => {
  it.each([
    ['photo.jpg', 'image/jpeg', 40, 30],
    ['progressive.jpg', 'image/jpeg', 40, 30],
    ['logo.gif', 'image/gif', 33, 21],
    ['lossy.webp', 'image/webp', 37, 23],
    ['lossless.webp', 'image/webp', 37, 23],
    ['alpha.webp', 'image/webp', 37, 23],
  ])('reads %s as %s of %i x %i', (name, mimeType, width, height) => {
    expect(detectMedia(fixture(name))).toEqual({ mimeType, width, height });
  });

  it('reads a PNG’s IHDR', () => {
    expect(detectMedia(pngImage(640, 427))).toEqual({ mimeType: 'image/png', width: 640, height: 427 });
  });

  it('knows an MP4 by its ftyp box, without a size', () => {
    expect(detectMedia(mp4Start())).toEqual({ mimeType: 'video/mp4', width: null, height: null });
  });

  it('refuses a HEIF or QuickTime file, which also starts with ftyp', () => {
    const heif = Buffer.from(mp4Start());
    heif.write('heic', 8, 'latin1');
    heif.write('mif1heic', 16, 'latin1');
    heif.write('mif1heic', 24, 'latin1');
    expect(detectMedia(heif)).toBeNull();
  });

  it('goes by the bytes, not by what a name or a type says', () => {
    expect(detectMedia(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectMedia(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectMedia(Buffer.alloc(0))).toBeNull();
  });

  it('refuses a file cut short before its size', () => {
    expect(detectMedia(pngImage(10, 10).subarray(0, 20))).toBeNull();
    expect(detectMedia(fixture('photo.jpg').subarray(0, 30))).toBeNull();
    expect(detectMedia(fixture('lossy.webp').subarray(0, 24))).toBeNull();
    expect(detectMedia(fixture('logo.gif').subarray(0, 8))).toBeNull();
  });

  it('refuses an image of zero pixels', () => {
    const empty = pngImage(1, 1);
    empty.writeUInt32BE(0, 16);
    expect(detectMedia(empty)).toBeNull();
  });

  it('skips the JPEG segments before the frame, whatever their length', () => {
    const jpeg = fixture('photo.jpg');
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x01, 0x02]), Buffer.alloc(256, 0x41)]);
    expect(detectMedia(Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]))).toEqual({ mimeType: 'image/jpeg', width: 40, height: 30 });
  });
});
