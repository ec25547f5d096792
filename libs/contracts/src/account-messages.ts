/**
 * Messages about connected accounts on `account-events`, keyed by the account id. Versioned: a
 * consumer handles the versions it knows and leaves the others to the dead-letter topic.
 */
export type AccountEventMessage = {
  version: 1;
  /** Unique per message; a redelivered message has the same id. */
  eventId: string;
  /** The platform refused the account's credentials (after a refresh, where there is one): it must be connected again. */
  type: 'AccountAuthorizationLost';
  accountId: number;
  workspaceUuid: string;
  provider: string;
  /** The platform's own words. */
  reason: string;
  at: string;
};

export const ACCOUNT_EVENT_VERSION = 1;
