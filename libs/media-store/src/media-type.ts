/** What the bytes of an upload are, read from the file itself; a client's Content-Type is never trusted. */
export interface DetectedMedia {
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'video/mp4';
  /** In pixels, from the file's header; null where the format does not put them there (MP4). */
  width: number | null;
  height: number | null;
}

/** The formats an upload may have, as the 422 names them. */
export const MEDIA_EXTENSIONS = ['png', 'jpeg', 'gif', 'webp', 'mp4'] as const;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'mmp4', 'MSNV']);

const ascii = (bytes: Buffer, start: number, length: number): string => (bytes.length >= start + length ? bytes.toString('latin1', start, start + length) : '');

/**
 * The format and size of an upload from its magic bytes and header: PNG (IHDR), JPEG (the first
 * SOF segment), GIF (the logical screen), WebP (VP8, VP8L or VP8X) and MP4 (an `ftyp` box with an
 * MP4 brand; no size). Null when the bytes are none of these, or the header is cut short.
 */
export function detectMedia(bytes: Buffer): DetectedMedia | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return png(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return gif(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes);
  if (ascii(bytes, 4, 4) === 'ftyp') return mp4(bytes);
  return null;
}

/** IHDR is the first chunk: width and height, big-endian, at 16 and 20. */
function png(bytes: Buffer): DetectedMedia | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return sized('image/png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8) or DAC (CC). */
const isStartOfFrame = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the segments up to the first start of frame: precision, then height and width, big-endian. */
function jpeg(bytes: Buffer): DetectedMedia | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    // Fill bytes, and markers that stand alone (restart markers, TEM).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    // Start of scan or end of image before any frame: no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      return sized('image/jpeg', bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/** The logical screen: width and height, little-endian, at 6 and 8. */
function gif(bytes: Buffer): DetectedMedia | null {
  if (bytes.length < 10) return null;
  return sized('image/gif', bytes.readUInt16LE(6), bytes.readUInt16LE(8));
}

/** The first chunk after `WEBP` says which kind: lossy (VP8), lossless (VP8L) or extended (VP8X, the canvas). */
function webp(bytes: Buffer): DetectedMedia | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14 bits each of width and height.
    if (bytes.length < 30 || bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return sized('image/webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    // The signature 0x2f, then 14 bits of width - 1 and 14 bits of height - 1.
    if (bytes.length < 25 || bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    // Flags and reserved bytes, then 24 bits of canvas width - 1 and height - 1.
    if (bytes.length < 30) return null;
    return sized('image/webp', bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return null;
}

/** An `ftyp` box whose major or a compatible brand is an MP4 one (not HEIF, AVIF or QuickTime). */
function mp4(bytes: Buffer): DetectedMedia | null {
  const size = bytes.readUInt32BE(0);
  if (size < 16 || size > bytes.length) return null;
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands.some((brand) => MP4_BRANDS.has(brand)) ? { mimeType: 'video/mp4', width: null, height: null } : null;
}

function sized(mimeType: DetectedMedia['mimeType'], width: number, height: number): DetectedMedia | null {
  return width > 0 && height > 0 ? { mimeType, width, height } : null;
}
