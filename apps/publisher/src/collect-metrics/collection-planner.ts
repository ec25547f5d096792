import { Injectable } from '@nestjs/common';
import type { PostEventMessageOf } from '@app/contracts';
import { ProviderRegistry } from '../providers/provider-registry';
import { MetricCollections } from './metric-collections';
import { MetricsCollector } from './metrics-collector';

/**
 * Plans the collection of an account's figures when the post's history says it is published there
 * (`post.account_published`), from that moment: once per account and post, whatever the redeliveries.
 * Accounts of platforms that report no figures are not planned.
 */
@Injectable()
export class CollectionPlanner {
  constructor(
    private readonly collections: MetricCollections,
    private readonly collector: MetricsCollector,
    private readonly providers: ProviderRegistry,
  ) {}

  async accountPublished(event: PostEventMessageOf<'post.account_published'>): Promise<void> {
    const account = event.post.accounts.find((each) => each.id === event.accountId);
    const first = account?.items[0];
    if (!account || !first || !this.providers.find(account.provider)?.readMetrics) return;
    const publishedAt = new Date(account.published_at ?? event.occurredAt);
    const snapshot = { id: account.id, provider: account.provider, name: account.name, username: account.username };
    const planned = { postUuid: event.postUuid, workspaceUuid: event.workspaceUuid, account: snapshot, externalId: first.external_id, externalUrl: first.external_url, publishedAt };
    await this.collections.plan(planned, this.collector.schedule.dueAt(publishedAt, 0));
  }
}
