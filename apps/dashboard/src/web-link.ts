/**
 * An address from the API as the target of a link, only when it is a web address (http, https):
 * the service keeps no other from a platform, and the page does not rely on that alone.
 */
export function webLinkOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const { protocol } = new URL(address);
    return protocol === 'http:' || protocol === 'https:' ? address : null;
  } catch {
    return null;
  }
}
