import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConsumerGroups, PostEventMessage, Topics } from '@app/contracts';
import { postStreamId } from '@app/domain';
import { EVENT_STORE, EventStore } from '@app/event-store';
import { IncomingMessage, MESSAGE_BUS, MessageBus, Subscription } from '@app/messaging';
import { SQL_CLIENT, SqlClient, SqlExecutor } from '@app/persistence';
import { toPostEventMessage } from '../command-handling/post-event-codec';
import type { ExistingPostState } from '../post-view/to-post-view';
import { PostRow } from '../read-model/post-row';
import { POSTS_TABLE } from '../read-model/posts-schema';
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
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
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

  private apply(event: PostEventMessage): Promise<ProjectionStep> {
    return this.sql.transaction(async (tx) => {
      const step = projectPostEvent(await stateForUpdate(tx, event.postUuid), event);
      if (step.kind === 'apply') await saveRow(tx, step.row);
      return step;
    });
  }
}

function postEventMessageOf(message: IncomingMessage): PostEventMessage {
  const value = message.value as Partial<PostEventMessage> | null;
  if (typeof value?.postUuid !== 'string' || !Number.isInteger(value.revision) || typeof value.type !== 'string') {
    throw new Error(`Not a post event at ${message.topic}/${message.partition}@${message.offset}`);
  }
  return value as PostEventMessage;
}

async function stateForUpdate(tx: SqlExecutor, postUuid: string): Promise<ExistingPostState | null> {
  const rows = await tx.query<{ state: ExistingPostState }>(`SELECT state FROM ${POSTS_TABLE} WHERE uuid = $1 FOR UPDATE`, [postUuid]);
  return rows[0]?.state ?? null;
}

async function saveRow(tx: SqlExecutor, { view, workspaceUuid, deleted, revision, state }: PostRow): Promise<void> {
  await tx.query(
    `INSERT INTO ${POSTS_TABLE} AS post
       (uuid, workspace_uuid, status, versions, accounts, tags, scheduled_at, published_at, created_at, updated_at, deleted, revision, state)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7::timestamptz, $8::timestamptz, $9::timestamptz, $10::timestamptz, $11, $12, $13::jsonb)
     ON CONFLICT (uuid) DO UPDATE SET
       workspace_uuid = excluded.workspace_uuid, status = excluded.status, versions = excluded.versions,
       accounts = excluded.accounts, tags = excluded.tags, scheduled_at = excluded.scheduled_at,
       published_at = excluded.published_at, created_at = excluded.created_at, updated_at = excluded.updated_at,
       deleted = excluded.deleted, revision = excluded.revision, state = excluded.state
     WHERE post.revision < excluded.revision`,
    [
      view.uuid,
      workspaceUuid,
      view.status,
      JSON.stringify(view.versions),
      JSON.stringify(view.accounts),
      JSON.stringify(view.tags),
      view.scheduled_at,
      view.published_at,
      view.created_at,
      view.updated_at,
      deleted,
      revision,
      JSON.stringify(state),
    ],
  );
}
