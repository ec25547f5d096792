/** For tests only (`@app/media-store/testing`): media made for the tests, and files written by real encoders. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export * from './sample-media';

/** Files written by ImageMagick (`convert -size WxH ...`): photo.jpg and progressive.jpg 40x30, logo.gif 33x21, lossy/lossless/alpha.webp 37x23. */
export const mediaFixture = (name: 'photo.jpg' | 'progressive.jpg' | 'logo.gif' | 'lossy.webp' | 'lossless.webp' | 'alpha.webp'): Buffer =>
  readFileSync(join(__dirname, 'fixtures', name));
