/**
 * What every HTML page the gateway serves (the dashboard, the API reference) forbids, whatever it
 * loads: being framed by another page (clickjacking; `X-Frame-Options` for browsers that predate
 * `frame-ancestors`), a `<base>` that moves its links, a form posted elsewhere; and no page tells
 * where it was to the sites it links to or loads from (a preview link's address holds its token).
 */
const PAGE_BOUNDS = "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** The security headers of an HTML page whose Content-Security-Policy allows `sources` (its fetch directives). */
export function htmlPageHeaders(sources: string): Record<string, string> {
  return { 'content-security-policy': `${sources}; ${PAGE_BOUNDS}`, 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' };
}
