/**
 * What the accounts page says when an OAuth platform's redirect back connected no account: the
 * gateway sends a code (`?oauth_error=<code>`), and the page shows only these messages of its own,
 * never text taken from its address; a code it does not know gets the last one.
 */
const MESSAGES = new Map<string, string>([
  ['expired', 'This authorization is unknown, was used already or has expired; start connecting the account again.'],
  ['other_browser', 'This authorization was begun in another browser; start connecting the account again in this one.'],
  ['not_allowed', 'The user who began this authorization may no longer connect accounts in the workspace.'],
  ['denied', 'The platform did not authorize the app: the authorization was refused or cancelled.'],
  ['platform_error', 'The platform answered with an error instead of an authorization; start connecting the account again.'],
  ['account_removed', 'The account to connect again was removed meanwhile.'],
  ['unavailable', 'The service did not answer in time; start connecting the account again in a moment.'],
  ['connect_failed', 'The platform’s authorization could not connect the account; start connecting it again. If it keeps failing, the service’s log says why.'],
]);

export const UNKNOWN_OAUTH_ERROR = 'Connecting the account did not succeed; start connecting it again.';

export function oauthErrorMessage(code: string): string {
  return MESSAGES.get(code) ?? UNKNOWN_OAUTH_ERROR;
}
