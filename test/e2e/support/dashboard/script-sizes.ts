import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface ScriptSizes {
  /** The script files the page loaded, by path. */
  files: string[];
  /** Bytes over the network: compressed bodies and headers (the browser's cache is off). */
  transferred: number;
  /** Bodies as the server sent them (compressed when the gateway compresses). */
  encoded: number;
  /** Bodies after decompression: what the browser parses. */
  decoded: number;
  /** The decoded bodies gzipped (level 9), whatever encoding the server chose. */
  gzipped: number;
}

/**
 * Loads `url` in `page` with the browser's cache off, waits for `ready`, and sums the scripts the
 * page fetched, from its Resource Timing entries (dynamic imports included).
 */
export async function measureScripts(page: Page, url: string, ready: () => Promise<void>): Promise<ScriptSizes> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  try {
    await page.goto(url);
    await ready();
    const entries = (await page.evaluate(`performance.getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ name: entry.name, transferSize: entry.transferSize, encodedBodySize: entry.encodedBodySize, decodedBodySize: entry.decodedBodySize }))`)) as {
      name: string;
      transferSize: number;
      encodedBodySize: number;
      decodedBodySize: number;
    }[];
    let gzipped = 0;
    for (const entry of entries) gzipped += gzipSync(Buffer.from(await (await fetch(entry.name)).arrayBuffer()), { level: 9 }).length;
    return {
      files: entries.map((entry) => new URL(entry.name).pathname),
      transferred: sum(entries.map((entry) => entry.transferSize)),
      encoded: sum(entries.map((entry) => entry.encodedBodySize)),
      decoded: sum(entries.map((entry) => entry.decodedBodySize)),
      gzipped,
    };
  } finally {
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
  }
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export function describeSizes(page: string, sizes: ScriptSizes): string {
  return `${page}: ${sizes.files.length} script file(s), ${kilobytes(sizes.decoded)} decoded, ${kilobytes(sizes.gzipped)} gzipped, ${kilobytes(sizes.encoded)} sent compressed (${kilobytes(sizes.transferred)} transferred with headers)`;
}
