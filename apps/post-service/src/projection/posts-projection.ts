import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConsumerGroups, PostEventMessage, Topics } from '@app/contracts';
import { postStreamId } from '@app/domain';
import { EVENT_STORE, EventStore } from '@app/event-store';
import { IncomingMessage, MESSAGE_BUS, MessageBus, Subscription } from '@app/messaging';
import { toPostEventMessage } from '../command-handling/post-event-codec';
import type { ExistingPostState } from '../post-view/to-post-view';
import { PostRow } from '../read-model/post-row';
import { POSTS_DATABASE, PostsDatabase } from '../read-model/posts-schema';
import { ProjectionProgress } from '../read-model/projection-progress';
import { projectPostEvent, ProjectionStep } from './project-post-event';

/**
 * Keeps `posts.posts` up to date from `post-events`. The row's revision is the checkpoint: it
 * changes in the same transaction as the row, so a redelivered event is recognised and skipped.
 */
@Injectable()
export class PostsProjection {
  private readonly logger = new Logger(PostsProjection.name);
  private subscription: Subscription | null = null;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(POSTS_DATABASE) private readonly database: PostsDatabase,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly progress: ProjectionProgress,
  ) {}

  async start(): Promise<void> {
    this.subscription = await this.bus.subscribe({
      groupId: ConsumerGroups.postProjection,
      topics: [Topics.postEvents],
      handle: (message) => this.handle(message),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  async handle(message: IncomingMessage): Promise<void> {
    const event = postEventMessageOf(message);
    const step = await this.apply(event);
    if (step.kind !== 'gap') return;
    // Events of one post arrive in order, so a gap means some were lost on the way; the stream has them.
    this.logger.warn(`Post ${event.postUuid}: got revision ${event.revision}, expected ${step.nextRevision}; catching up from the event store`);
    const missing = (await this.store.readStream(postStreamId(event.postUuid)))
      .filter((recorded) => recorded.revision >= step.nextRevision && recorded.revision <= event.revision)
      .map(toPostEventMessage);
    for (const recorded of missing) {
      const caughtUp = await this.apply(recorded);
      if (caughtUp.kind === 'gap') throw new Error(`Post ${event.postUuid}: revision ${caughtUp.nextRevision} is missing from its stream`);
    }
  }

  private async apply(event: PostEventMessage): Promise<ProjectionStep> {
    const { db, dialect } = this.database;
    const step = await db.transaction().execute(async (tx) => {
      await dialect.transactionLock(tx, `posts-projection:${event.postUuid}`);
      const step = projectPostEvent(await stateOf(tx, this.database, event.postUuid), event);
      if (step.kind === 'apply') await saveRow(tx, this.database, step.row);
      return step;
    });
    if (step.kind === 'apply') this.progress.projected(event.postUuid, step.row.revision);
    else if (step.kind !== 'gap') this.progress.projected(event.postUuid, event.revision);
    return step;
  }
}

function postEventMessageOf(message: IncomingMessage): PostEventMessage {
  const value = message.value as Partial<PostEventMessage> | null;
  if (typeof value?.postUuid !== 'string' || !Number.isInteger(value.revision) || typeof value.type !== 'string') {
    throw new Error(`Not a post event at ${message.topic}/${message.partition}@${message.offset}`);
  }
  return value as PostEventMessage;
}

type Transaction = PostsDatabase['db'];

async function stateOf(tx: Transaction, { dialect }: PostsDatabase, postUuid: string): Promise<ExistingPostState | null> {
  const row = await tx.selectFrom('posts').select('state').where('uuid', '=', postUuid).executeTakeFirst();
  return row ? dialect.readJson<ExistingPostState>(row.state) : null;
}

async function saveRow(tx: Transaction, { dialect }: PostsDatabase, { view, workspaceUuid, deleted, revision, state }: PostRow): Promise<void> {
  const columns = {
    workspace_uuid: workspaceUuid,
    status: view.status,
    versions: dialect.json(view.versions),
    accounts: dialect.json(view.accounts),
    tags: dialect.json(view.tags),
    scheduled_at: view.scheduled_at === null ? null : new Date(view.scheduled_at),
    published_at: view.published_at === null ? null : new Date(view.published_at),
    created_at: new Date(view.created_at),
    updated_at: new Date(view.updated_at),
    deleted,
    revision,
    state: dialect.json(state),
  };
  await tx
    .insertInto('posts')
    .values({ uuid: view.uuid, ...columns })
    .onConflict((conflict) => conflict.column('uuid').doUpdateSet(columns).where('posts.revision', '<', revision))
    .execute();
}
