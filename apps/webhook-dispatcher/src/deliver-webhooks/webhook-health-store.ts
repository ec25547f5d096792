import { Inject, Injectable } from '@nestjs/common';
import { SchemaDatabase } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';

export const DisabledReasons = {
  gone: 'The endpoint answered 410 Gone.',
  failing: (hours: number) => `Every delivery attempt failed for ${hours} hours.`,
} as const;

/** What the attempts of a batch tell about their webhooks. */
export interface WebhookOutcomes {
  succeeded: number[];
  failed: number[];
  /** Answered 410 Gone. */
  gone: number[];
}

export interface DisabledWebhook {
  id: number;
  workspaceUuid: string | null;
  reason: string;
}

/**
 * Keeps how long each webhook has been failing (since its first failed attempt after the last
 * success) and sets inactive, with when and why, a webhook that answered 410 Gone or has failed
 * for `disableAfterHours`.
 */
@Injectable()
export class WebhookHealthStore {
  constructor(@Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>) {}

  async record(outcomes: WebhookOutcomes, disableAfterHours: number): Promise<DisabledWebhook[]> {
    const { db, dialect } = this.database;
    const failed = outcomes.failed.filter((id) => !outcomes.succeeded.includes(id));
    if (outcomes.succeeded.length > 0) {
      await db.updateTable('webhooks').set({ failing_since: null }).where('id', 'in', outcomes.succeeded).where('failing_since', 'is not', null).execute();
    }
    if (failed.length > 0) {
      await db.updateTable('webhooks').set({ failing_since: dialect.now() }).where('id', 'in', failed).where('failing_since', 'is', null).execute();
    }
    const disable = async (ids: number[], reason: string, failingLongEnough: boolean): Promise<DisabledWebhook[]> => {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('webhooks')
        .set({ active: false, disabled_at: dialect.now(), disabled_reason: reason, updated_at: dialect.now() })
        .where('id', 'in', ids)
        .where('active', '=', true)
        .$if(failingLongEnough, (query) => query.where('failing_since', '<=', dialect.nowPlusMs(-disableAfterHours * 3_600_000)))
        .returning(['id', 'workspace_uuid'])
        .execute();
      return rows.map((row) => ({ id: Number(row.id), workspaceUuid: row.workspace_uuid, reason }));
    };
    const gone = await disable(outcomes.gone, DisabledReasons.gone, false);
    const failing = await disable(failed, DisabledReasons.failing(disableAfterHours), true);
    return [...gone, ...failing];
  }
}
