import { Injectable } from '@nestjs/common';
import type { AccountSnapshot } from '@app/domain';
import type { SchemaDatabase } from '@app/persistence';
import type { PublisherTables } from '../publisher-migrations';
import type { PublishProvider } from '../providers/publish-provider';
import { CollectionSchedule } from './collection-schedule';
import { MetricCollections } from './metric-collections';

/** An account the post was just published on: what its collection starts from. */
export interface PublishedOnAccount {
  postUuid: string;
  workspaceUuid: string;
  account: AccountSnapshot;
  provider: PublishProvider;
  /** The post on the platform: its first content item. */
  externalId: string;
  externalUrl: string | null;
  publishedAt: Date;
}

/**
 * Plans the collection of an account's figures when the publisher stores that the post is published
 * there, in the transaction that stores it: once per account and post, whatever the redeliveries.
 * Accounts of platforms that report no figures are not planned.
 */
@Injectable()
export class CollectionPlanner {
  constructor(
    private readonly collections: MetricCollections,
    private readonly schedule: CollectionSchedule,
  ) {}

  async published(published: PublishedOnAccount, tx: SchemaDatabase<PublisherTables>['db']): Promise<void> {
    if (!published.provider.readMetrics) return;
    const { provider: _provider, ...planned } = published;
    await this.collections.plan(planned, this.schedule.dueAt(published.publishedAt, 0), tx);
  }
}
