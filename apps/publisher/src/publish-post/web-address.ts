/** The schemes of an address a platform gives for a post that are kept: a page in a browser, nothing that runs there. */
const WEB_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

/** What is kept of the address a platform gave for a post. */
export type KeptAddress = { kept: true; url: string | null } | { kept: false; why: string };

/**
 * A platform's address of a post is kept only when it is a web address (http or https), as a URL
 * parser (and a browser) reads it; anything else (`javascript:`, `data:`, not a URL) is dropped,
 * since it ends up as a link in the API, the webhooks and the dashboard. `why` names the scheme
 * only, never the address, which may hold anything.
 */
export function webAddressOf(url: string | null): KeptAddress {
  if (url === null) return { kept: true, url: null };
  if (!URL.canParse(url)) return { kept: false, why: 'not a URL' };
  const { protocol } = new URL(url);
  return WEB_SCHEMES.has(protocol) ? { kept: true, url } : { kept: false, why: `the scheme ${protocol.slice(0, 32)}` };
}
