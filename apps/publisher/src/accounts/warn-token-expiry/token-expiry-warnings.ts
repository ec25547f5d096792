import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { ACCOUNT_EVENT_VERSION, accountEventRecord, AccountTokenExpiringEvent, derivedUuid, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { isoTimestamp, PeriodicTask, SchemaDatabase } from '@app/persistence';
import { PUBLISHER_DATABASE, PublisherTables } from '../../publisher-migrations';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Announces on `account-events` (`AccountTokenExpiring`, the webhooks' `account.token_expiring`)
 * each account whose token cannot be refreshed and expires within ACCOUNT_EXPIRY_WARNING_DAYS:
 * every hour, and when an account is connected. Once per token: the expiry announced is kept
 * after the message is sent, and the message's id is derived from the account and the expiry, so
 * a crash in between sends the same message again, which the readers know. A reconnect with a new
 * token (another expiry) is announced again in its turn.
 */
@Injectable()
export class TokenExpiryWarnings implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('TokenExpiryWarnings');
  private readonly task: PeriodicTask;
  private readonly warningMs: number;

  constructor(
    @Inject(PUBLISHER_DATABASE) private readonly database: SchemaDatabase<PublisherTables>,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.warningMs = config.accountExpiryWarningDays * DAY_MS;
    this.task = new PeriodicTask('TokenExpiryWarnings', HOUR_MS, async () => {
      await this.warnDue(new Date());
    }, this.logger);
  }

  onApplicationBootstrap(): void {
    if (this.warningMs > 0) this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Announces the tokens due for a warning at `now` (only account `accountId`'s when given, not yet announced); how many. */
  async warnDue(now: Date, accountId?: number): Promise<number> {
    if (this.warningMs === 0) return 0;
    const { db } = this.database;
    let query = db
      .selectFrom('accounts')
      .select(['account_id', 'workspace_uuid', 'provider', 'token_expires_at'])
      .where('token_expires_at', '>', now)
      .where('token_expires_at', '<=', new Date(now.getTime() + this.warningMs))
      .where((eb) => eb.or([eb('expiry_warned_for', 'is', null), eb('expiry_warned_for', '!=', eb.ref('token_expires_at'))]));
    if (accountId !== undefined) query = query.where('account_id', '=', accountId);
    const due = await query.execute();
    for (const row of due) {
      const expiresAt = isoTimestamp(row.token_expires_at!);
      const message: AccountTokenExpiringEvent = {
        version: ACCOUNT_EVENT_VERSION,
        eventId: derivedUuid('AccountTokenExpiring', String(row.account_id), expiresAt),
        type: 'AccountTokenExpiring',
        accountId: Number(row.account_id),
        workspaceUuid: row.workspace_uuid,
        provider: row.provider,
        expiresAt,
        at: now.toISOString(),
      };
      await this.bus.publish(Topics.accountEvents, [accountEventRecord(message)]);
      // Only this token: a reconnect meanwhile brought another expiry, announced in its turn.
      await db.updateTable('accounts').set({ expiry_warned_for: row.token_expires_at }).where('account_id', '=', row.account_id).where('token_expires_at', '=', row.token_expires_at).execute();
      this.logger.log(`Account ${message.accountId} (${message.provider}): its token expires at ${expiresAt} and cannot be refreshed`);
    }
    return due.length;
  }
}
