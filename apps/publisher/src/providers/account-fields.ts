/** Checks shared by the providers' settings and credentials; messages in the contract's wording. */

/** `<scope>.<field>` must be a non-empty string. */
export function requireString(values: Record<string, unknown>, scope: 'settings' | 'credentials', field: string, errors: Record<string, string[]>): void {
  const value = values[field];
  if (value === undefined || value === null || value === '') errors[`${scope}.${field}`] = [`The ${scope}.${field} field is required.`];
  else if (typeof value !== 'string') errors[`${scope}.${field}`] = [`The ${scope}.${field} field must be a string.`];
}

/** `settings.<field>` must be an http(s) URL. */
export function checkBaseUrl(settings: Record<string, unknown>, field: string, errors: Record<string, string[]>, required = false): void {
  const value = settings[field];
  if (value === undefined && !required) return;
  if (typeof value !== 'string' || !isHttpUrl(value)) errors[`settings.${field}`] = [`The settings.${field} field must be a valid URL.`];
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
