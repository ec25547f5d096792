import { DEFAULT_RETRY_MS } from '../http/provider-http';
import { awaitProcessing, ProcessingCheck, ProcessingSettings } from '../processing/await-processing';
import { ProviderFailure, PublishOutcome, PublishProgress } from '../publish-provider';
import { instagramFailure, PUBLISH_LIMIT_WAIT_MS } from './instagram-errors';
import { InstagramGraph, okBody } from './instagram-graph';
import { InstagramJournal, JournalSteps, readJournal } from './instagram-journal';
import { findPublished } from './instagram-lookup';
import { PostPlan } from './instagram-post-plan';

/** What a container's processing came to: ready to publish, or published already. */
type Ready = 'finished' | 'published';

interface ContainerStatus {
  status_code?: unknown;
  status?: unknown;
}

export const PublicationMessages = {
  expired: 'The Instagram container expired before it was published; it is made again.',
  limitReached: (usage: number, total: number) => `The Instagram account published ${usage} of the ${total} posts Instagram allows in 24 hours; publishing waits.`,
  answerLost: 'Instagram did not answer the request to publish; the post is checked for before publishing again.',
  notListedYet: "Instagram published the post, but it is not yet among the account's media; it is looked for again.",
  failed: (status: string) => `Instagram could not process the media: ${status}`,
} as const;

/**
 * The publish of one post to Instagram, in journaled steps: the carousel items' containers, the
 * container to publish, its processing awaited (from the journaled start), the account's
 * publishing limit read, `media_publish` asked for, and the permalink read. A try made again
 * (after a wait or a crash) resumes from the journal. Whether the post is on Instagram follows
 * from the container's status, never from a guess: `PUBLISHED`, and the media is found among the
 * account's recent ones; `FINISHED`, and it is published (a container publishes once).
 */
export class InstagramPublication {
  constructor(
    private readonly graph: InstagramGraph,
    private readonly userId: string,
    private readonly progress: PublishProgress,
    private readonly processing: ProcessingSettings,
    private readonly lookup: { caption: string; since: Date },
  ) {}

  async publish(plan: PostPlan): Promise<PublishOutcome> {
    const journal = await readJournal(this.progress);
    if (journal.mediaId) return this.withPermalink(journal.mediaId);
    const containerId = journal.containerId ?? (await this.makeContainers(plan, journal.items));
    if (typeof containerId !== 'string') return containerId;
    const ready = await this.awaitReady(containerId, journal.processingStartedAt);
    if (typeof ready !== 'string') return ready;
    if (ready === 'published') return this.findOrWait(plan);
    return this.requestPublish(plan, containerId, journal);
  }

  /** The carousel items not made yet, then the container to publish; each id journaled once Instagram gave it. */
  private async makeContainers(plan: PostPlan, made: readonly string[]): Promise<string | ProviderFailure> {
    const items = [...made];
    for (const params of plan.items.slice(items.length)) {
      const id = await this.create(params);
      if (typeof id !== 'string') return id;
      items.push(id);
      await this.progress.record(JournalSteps.itemMade(items));
    }
    const id = await this.create(plan.container(items));
    if (typeof id === 'string') await this.progress.record(JournalSteps.containerMade(id));
    return id;
  }

  /** A container made again after a lost answer is another container, never published: the call may be repeated. */
  private async create(params: Record<string, string>): Promise<string | ProviderFailure> {
    const answer = await this.graph.post(`${encodeURIComponent(this.userId)}/media`, params);
    const id = okBody<{ id?: unknown }>(answer)?.id;
    return typeof id === 'string' ? id : instagramFailure(answer);
  }

  private async awaitReady(containerId: string, startedAt: number | null): Promise<Ready | ProviderFailure> {
    const start = startedAt ?? Date.now();
    if (startedAt === null) await this.progress.record(JournalSteps.processingStarted(start));
    const ready = await awaitProcessing('Instagram', () => this.check(containerId), start, this.processing);
    if (ready === 'expired') {
      await this.progress.record(JournalSteps.forgotten());
      return { kind: 'retry_later', message: PublicationMessages.expired, retryAfterMs: DEFAULT_RETRY_MS };
    }
    return ready;
  }

  private async check(containerId: string): Promise<ProcessingCheck<Ready | 'expired'>> {
    const answer = await this.graph.get(encodeURIComponent(containerId), { fields: 'status_code,status' });
    const body = okBody<ContainerStatus>(answer);
    if (!body) return instagramFailure(answer);
    const status = typeof body.status === 'string' && body.status ? body.status : String(body.status_code);
    switch (body.status_code) {
      case 'FINISHED':
        return { kind: 'done', value: 'finished' };
      case 'PUBLISHED':
        return { kind: 'done', value: 'published' };
      case 'EXPIRED':
        return { kind: 'done', value: 'expired' };
      case 'ERROR':
        return { kind: 'rejected', message: PublicationMessages.failed(status) };
      default:
        return { kind: 'processing', status: String(body.status_code ?? 'unknown') };
    }
  }

  /** Within the account's limit, journaled, then `media_publish`; an answer lost or refused after an earlier request is resolved by the container's status and the lookup. */
  private async requestPublish(plan: PostPlan, containerId: string, journal: InstagramJournal): Promise<PublishOutcome> {
    const limit = await this.withinLimit();
    if (limit !== null) return limit;
    await this.progress.record(JournalSteps.publishRequested());
    const answer = await this.graph.post(`${encodeURIComponent(this.userId)}/media_publish`, { creation_id: containerId });
    const id = okBody<{ id?: unknown }>(answer)?.id;
    if (typeof id === 'string') {
      await this.progress.record(JournalSteps.published(id));
      return this.withPermalink(id);
    }
    if (answer.kind === 'no_answer' || (journal.publishRequested && answer.kind === 'answer')) {
      const check = await this.check(containerId);
      if (check.kind === 'done' && check.value === 'published') return this.findOrWait(plan);
      if (answer.kind === 'no_answer') return { kind: 'retry_later', message: PublicationMessages.answerLost, retryAfterMs: DEFAULT_RETRY_MS };
    }
    return instagramFailure(answer);
  }

  /** Null when the account may publish; else the wait its limit asks for. */
  private async withinLimit(): Promise<ProviderFailure | null> {
    const answer = await this.graph.get(`${encodeURIComponent(this.userId)}/content_publishing_limit`, { fields: 'quota_usage,config' });
    const body = okBody<{ data?: Array<{ quota_usage?: unknown; config?: { quota_total?: unknown } }> }>(answer);
    if (!body) return instagramFailure(answer);
    const usage = Number(body.data?.[0]?.quota_usage);
    const total = Number(body.data?.[0]?.config?.quota_total);
    if (!Number.isFinite(usage) || !Number.isFinite(total) || usage < total) return null;
    return { kind: 'retry_later', message: PublicationMessages.limitReached(usage, total), retryAfterMs: PUBLISH_LIMIT_WAIT_MS };
  }

  /** The container is published: the media it became, among the account's recent ones. */
  private async findOrWait(plan: PostPlan): Promise<PublishOutcome> {
    const found = await findPublished(this.graph, this.userId, plan.product, this.lookup.caption, this.lookup.since);
    if (found === null) return { kind: 'retry_later', message: PublicationMessages.notListedYet, retryAfterMs: DEFAULT_RETRY_MS };
    if (found.kind !== 'published') return found;
    await this.progress.record(JournalSteps.published(found.externalId));
    return found;
  }

  /** The media's permalink; a media whose permalink Instagram refuses to give is published all the same, without an address. */
  private async withPermalink(mediaId: string): Promise<PublishOutcome> {
    const answer = await this.graph.get(encodeURIComponent(mediaId), { fields: 'permalink' });
    const permalink = okBody<{ permalink?: unknown }>(answer)?.permalink;
    if (typeof permalink === 'string') return { kind: 'published', externalId: mediaId, externalUrl: permalink };
    const failure = instagramFailure(answer);
    return failure.kind === 'rejected' ? { kind: 'published', externalId: mediaId, externalUrl: null } : failure;
  }
}
