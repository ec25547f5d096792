import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACCOUNT_EVENT_VERSION, accountEventRecord, AccountRegistryEvent, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { PeriodicTask } from '@app/persistence';
import { errorMessage } from '@app/errors';
import { GATEWAY_DATABASE, GatewayDatabase, GatewayTables } from '../../gateway-migrations';
import type { AccountChangeNews, AccountView } from '../account-store';

/** How often news left behind (the broker was away, or a replica stopped after writing it) is sent again. */
const RESEND_EVERY_MS = 10_000;
/** At most this many messages a round. */
const BATCH = 100;

/**
 * Tells `account-events` that an account of a workspace was connected (or connected again) or
 * removed, for the webhooks' `account.connected` and `account.disconnected`. Nothing is lost on a
 * crash: the news is written in the transaction that changes the account (`record`), then sent at
 * once and deleted once the broker took it; what could not be sent is sent again every 10 s by
 * whichever replica runs first (a message may then go twice: its `eventId` is the same, and the
 * webhook dispatcher delivers an event once).
 */
@Injectable()
export class AccountNews implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Gateway');
  private readonly sender = new PeriodicTask('AccountNews', RESEND_EVERY_MS, () => this.sendPending(), this.logger);

  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  onApplicationBootstrap(): void {
    this.sender.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.sender.stop();
  }

  /** What writes this kind of news in the transaction that changes the account (AccountStore's `tell`); it is sent once that commits (`sendSoon`). */
  of(type: AccountRegistryEvent['type']): AccountChangeNews {
    return (tx, workspaceUuid, account) => this.record(tx, type, workspaceUuid, account);
  }

  private async record(tx: Kysely<GatewayTables>, type: AccountRegistryEvent['type'], workspaceUuid: string, account: Pick<AccountView, 'id' | 'provider' | 'name' | 'username'>): Promise<void> {
    const message: AccountRegistryEvent = {
      version: ACCOUNT_EVENT_VERSION,
      eventId: randomUUID(),
      type,
      accountId: account.id,
      workspaceUuid,
      provider: account.provider,
      name: account.name,
      username: account.username,
      at: new Date().toISOString(),
    };
    await tx.insertInto('account_news').values({ message: this.database.dialect.json(message) }).execute();
  }

  /** Sends the news written so far, now rather than at the next round. */
  sendSoon(): void {
    this.sender.wake();
  }

  /** Sends the pending news in the order it was written; what the broker took is deleted. */
  async sendPending(): Promise<void> {
    const { db, dialect } = this.database;
    for (;;) {
      const rows = await db.selectFrom('account_news').select(['id', 'message']).orderBy('id').limit(BATCH).execute();
      if (rows.length === 0) return;
      try {
        await this.bus.publish(
          Topics.accountEvents,
          rows.map((row) => accountEventRecord(dialect.readJson<AccountRegistryEvent>(row.message))),
        );
      } catch (error) {
        this.logger.warn(`Could not tell account-events of ${rows.length} account change(s), sent again within ${RESEND_EVERY_MS / 1000} s: ${errorMessage(error)}`);
        return;
      }
      await db.deleteFrom('account_news').where('id', 'in', rows.map((row) => row.id)).execute();
      if (rows.length < BATCH) return;
    }
  }
}
