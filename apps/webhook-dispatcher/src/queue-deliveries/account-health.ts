import { AccountEventMessage, WebhookEnvelopeAccount } from '@app/contracts';
import { WebhooksTransaction } from './event-deliveries';

/**
 * What the dispatcher keeps of each account `account-events` told about: how its webhooks show it
 * (the publisher's messages carry no name), and whether `account.needs_reconnect` was sent since
 * it was last connected. Every method runs in the caller's transaction, beside the deliveries.
 */
export const AccountHealth = {
  /** The account as webhooks show it: as it was last connected, else what the message says. */
  async shown(tx: WebhooksTransaction, event: AccountEventMessage): Promise<WebhookEnvelopeAccount> {
    if (event.type === 'AccountConnected' || event.type === 'AccountDisconnected') return { id: event.accountId, provider: event.provider, name: event.name, username: event.username };
    const row = await tx.selectFrom('account_health').select(['name', 'username']).where('account_id', '=', event.accountId).executeTakeFirst();
    return { id: event.accountId, provider: event.provider, name: row?.name ?? null, username: row?.username ?? null };
  },

  /** Connected (again): authorized, `account.needs_reconnect` may be sent once more. */
  async connected(tx: WebhooksTransaction, event: AccountEventMessage, account: WebhookEnvelopeAccount): Promise<void> {
    const row = { account_id: event.accountId, workspace_uuid: event.workspaceUuid, provider: event.provider, name: account.name, username: account.username, needs_reconnect: false };
    await tx
      .insertInto('account_health')
      .values(row)
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ name: row.name, username: row.username, needs_reconnect: false }))
      .execute();
  },

  async removed(tx: WebhooksTransaction, accountId: number): Promise<void> {
    await tx.deleteFrom('account_health').where('account_id', '=', accountId).execute();
  },

  /** Marks the account as needing to be connected again; true when it was not marked yet (`account.needs_reconnect` is due). */
  async lostAuthorization(tx: WebhooksTransaction, event: AccountEventMessage, account: WebhookEnvelopeAccount): Promise<boolean> {
    const marked = await tx
      .insertInto('account_health')
      .values({ account_id: event.accountId, workspace_uuid: event.workspaceUuid, provider: event.provider, name: account.name, username: account.username, needs_reconnect: true })
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ needs_reconnect: true }).where('account_health.needs_reconnect', '=', false))
      .returning('account_id')
      .executeTakeFirst();
    return marked !== undefined;
  },
};
