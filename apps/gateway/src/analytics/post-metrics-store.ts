import { Inject, Injectable } from '@nestjs/common';
import type { PostMetricsEntry, PostView } from '@app/contracts';
import { POST_METRIC_NAMES, postMetricsOf, type PostMetrics } from '@app/domain';
import { reportsMetrics } from '@app/platforms';
import { toDate } from '@app/persistence';
import { GATEWAY_DATABASE, GatewayDatabase } from '../gateway-migrations';

/** One account's totals of one day: the posts published on it that day, and the sum of their latest figures. */
export interface AnalyticsRow {
  date: string;
  account_id: number;
  provider: string;
  posts: number;
  metrics: PostMetrics;
}

export interface AnalyticsQuery {
  workspaceUuid: string;
  /** First and last day, UTC, inclusive. */
  from: string;
  to: string;
  accountId: number | null;
}

const DAY_MS = 86_400_000;

/** The figures the gateway keeps of published posts (`post_metrics`), as the analytics routes answer them. */
@Injectable()
export class PostMetricsStore {
  constructor(@Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase) {}

  /** Each account of the post with its latest figures: all null until read, and for a platform that reports none. */
  async entriesOf(post: Pick<PostView, 'uuid' | 'accounts'>): Promise<PostMetricsEntry[]> {
    const rows = await this.database.db.selectFrom('post_metrics').selectAll().where('post_uuid', '=', post.uuid).execute();
    return post.accounts.map((account) => {
      const row = rows.find((each) => Number(each.account_id) === account.id);
      const collectedAt = toDate(row?.collected_at ?? null);
      return {
        account_id: account.id,
        provider: account.provider,
        supported: reportsMetrics(account.provider),
        collected_at: collectedAt ? collectedAt.toISOString() : null,
        metrics: postMetricsOf(row && collectedAt ? row : {}),
      };
    });
  }

  /**
   * Per account and day (of publishing, UTC) in the range: how many posts were published, and the
   * sums of their latest figures (null where none of them has the figure).
   */
  async totals({ workspaceUuid, from, to, accountId }: AnalyticsQuery): Promise<AnalyticsRow[]> {
    const { db } = this.database;
    const start = new Date(`${from}T00:00:00.000Z`);
    const end = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS);
    let query = db
      .selectFrom('post_metrics')
      .select(['account_id', 'provider', 'published_at', ...POST_METRIC_NAMES])
      .where('workspace_uuid', '=', workspaceUuid)
      .where('published_at', '>=', start)
      .where('published_at', '<', end);
    if (accountId !== null) query = query.where('account_id', '=', accountId);
    const rows = await query.orderBy('published_at').execute();
    const byDay = new Map<string, AnalyticsRow>();
    for (const row of rows) {
      const date = toDate(row.published_at)!.toISOString().slice(0, 10);
      const key = `${date}/${row.account_id}`;
      const total = byDay.get(key) ?? { date, account_id: Number(row.account_id), provider: row.provider, posts: 0, metrics: postMetricsOf({}) };
      total.posts += 1;
      const figures = postMetricsOf(row);
      for (const name of POST_METRIC_NAMES) {
        const figure = figures[name];
        if (figure !== null) total.metrics[name] = (total.metrics[name] ?? 0) + figure;
      }
      byDay.set(key, total);
    }
    return [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date) || a.account_id - b.account_id);
  }

  /** The figures read of the posts published since `since`, per account (in account order): what best times are learned from. */
  async readingsSince(workspaceUuid: string, since: Date, accountId: number | null): Promise<AccountReadings[]> {
    let query = this.database.db
      .selectFrom('post_metrics')
      .select(['account_id', 'provider', 'published_at', ...POST_METRIC_NAMES])
      .where('workspace_uuid', '=', workspaceUuid)
      .where('published_at', '>=', since)
      .where('collected_at', 'is not', null);
    if (accountId !== null) query = query.where('account_id', '=', accountId);
    const byAccount = new Map<number, AccountReadings>();
    for (const row of await query.execute()) {
      const id = Number(row.account_id);
      const account = byAccount.get(id) ?? { account_id: id, provider: row.provider, readings: [] };
      account.readings.push({ publishedAt: toDate(row.published_at)!, metrics: postMetricsOf(row) });
      byAccount.set(id, account);
    }
    return [...byAccount.values()].sort((a, b) => a.account_id - b.account_id);
  }
}

/** The figures read of the workspace's posts published since `since` (on one account, when told), by account. */
export interface AccountReadings {
  account_id: number;
  provider: string;
  readings: { publishedAt: Date; metrics: PostMetrics }[];
}
