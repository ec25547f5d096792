import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, compressedVersions } from './content-encoding';

describe('the dashboard files’ content encoding', () => {
  const script = Buffer.from('export const greeting = "hello";\n'.repeat(200));

  it('keeps a script in Brotli and gzip, each smaller and decoding to the same bytes', () => {
    const versions = compressedVersions(script, 'text/javascript; charset=utf-8');
    expect(versions.br!.length).toBeLessThan(script.length / 10);
    expect(versions.gzip!.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(versions.br!).equals(script)).toBe(true);
    expect(gunzipSync(versions.gzip!).equals(script)).toBe(true);
  });

  it('leaves images, and files too small to gain, as they are', () => {
    expect(compressedVersions(script, 'image/png')).toEqual({});
    expect(compressedVersions(Buffer.from('a small file'), 'text/css; charset=utf-8')).toEqual({});
    expect(Object.keys(compressedVersions(script, 'image/svg+xml'))).toEqual(['br', 'gzip']);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['identity', null],
    ['gzip;q=0', null],
    ['', null],
    [undefined, null],
  ])('Accept-Encoding %p gets %p', (header, expected) => {
    expect(chooseEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('offers only the encodings the file is kept in', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br, gzip', [])).toBeNull();
  });
});
