/** A picture's address the dashboard may show: an absolute http or https URL of reasonable length, else null. */
export function avatarAddress(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
