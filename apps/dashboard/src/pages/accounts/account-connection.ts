import type { Account } from '../../api';
import { zonedParts } from '../../time';

/** What an account's card says of its connection. */
export interface AccountConnection {
  label: 'connected' | 'needs reconnecting';
  /** "Token expires on <day>" when the API says the account's token cannot be refreshed and expires soon; else null. */
  expiry: string | null;
  /** Reconnect is offered: the platform stopped accepting the account, or its token expires soon. */
  reconnect: boolean;
}

export function accountConnection(account: Pick<Account, 'authorized' | 'token_expires_at'>, timeZone: string): AccountConnection {
  const expiresAt = account.token_expires_at ?? null;
  return {
    label: account.authorized ? 'connected' : 'needs reconnecting',
    expiry: expiresAt && account.authorized ? `Token expires on ${zonedParts(new Date(expiresAt), timeZone).date}` : null,
    reconnect: !account.authorized || expiresAt !== null,
  };
}
