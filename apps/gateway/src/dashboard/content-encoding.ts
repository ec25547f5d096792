import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings the dashboard's files are kept in besides their own bytes, best first. */
export type ContentEncoding = 'br' | 'gzip';
export const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/** Text compresses; images and fonts already are. Files under 1 KiB are sent as they are. */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/**
 * The file compressed once, at start, in each encoding that makes it smaller (Brotli at its best
 * quality, gzip at level 9): the files are few and fixed, so no request pays for compression.
 */
export function compressedVersions(content: Buffer, type: string): Partial<Record<ContentEncoding, Buffer>> {
  if (!COMPRESSIBLE.test(type) || content.length < MIN_BYTES) return {};
  const versions: Partial<Record<ContentEncoding, Buffer>> = {};
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
  const gzip = gzipSync(content, { level: 9 });
  if (br.length < content.length) versions.br = br;
  if (gzip.length < content.length) versions.gzip = gzip;
  return versions;
}

/**
 * The best of the `available` encodings that an Accept-Encoding header accepts (RFC 9110 12.5.3:
 * a q of 0 refuses, `*` stands for any encoding not named), or null for the file's own bytes.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly ContentEncoding[]): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    if (!available.includes(encoding)) continue;
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
