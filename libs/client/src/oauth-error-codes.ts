/**
 * Why an OAuth callback connected no account, as the dashboard's accounts page gets it
 * (`/app/accounts?oauth_error=<code>`): a code, never a text, so that the page shows only messages
 * of its own fixed list, whatever the address says. Part of the API's contract: the gateway sends
 * these, the dashboard shows a message for each.
 */
export const OAUTH_ERROR_CODES = [
  /** The state is unknown, was used already or has expired. */
  'expired',
  /** The browser does not carry the binding cookie of the authorization: it was begun in another one. */
  'other_browser',
  /** The user who began the authorization may no longer write in the workspace. */
  'not_allowed',
  /** The platform says the user refused (or cancelled) the authorization. */
  'denied',
  /** The platform came back with another error, or without a code. */
  'platform_error',
  /** The account to connect again was removed meanwhile. */
  'account_removed',
  /** The service behind the gateway did not answer in time; trying again may work. */
  'unavailable',
  /** The code could not be made into a connected account (the platform refused it, or something failed): the log says why. */
  'connect_failed',
] as const;

export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[number];
