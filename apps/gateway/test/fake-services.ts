import { randomUUID } from 'node:crypto';
import {
  ConnectAccountRequest,
  CreatePostRequest,
  PostActionRequest,
  PostCommandReply,
  PostEventMessage,
  PostEventName,
  PostView,
  RpcMethods,
  ServiceError,
  Topics,
  WebhookView,
} from '@app/contracts';
import { decide, foldPost, PostCommand, PostEvent, PostEventType, PostRuleViolation, PostState } from '@app/domain';
import type { MessageBus, RpcServer } from '@app/messaging';

/**
 * Stand-ins for the services behind the gateway, answering its RPC methods: posts decided by the
 * real domain rules, kept in memory and published on `post-events` as the post-service publishes
 * them, a publisher that knows the `sandbox` provider, and a webhook-dispatcher that records what
 * it was asked.
 */
export class FakeServices {
  readonly streams = new Map<string, PostEvent[]>();
  /** Where the post events go: the bus the gateway reads. */
  bus: MessageBus | null = null;
  readonly calls: Array<{ method: string; payload: unknown }> = [];
  /** Set to make every post method fail as an unreachable service would. */
  postServiceDown = false;
  /** Set to make connecting an account fail as a publisher that did not answer in time does. */
  connectTimesOut = false;
  /** Set to make disconnecting an account fail the same way. */
  disconnectTimesOut = false;
  /** The picture the publisher reports at connect (`avatar_url` of its reply); absent: it tells none, as an older publisher. */
  reportedAvatarUrl: string | null | undefined = null;
  /** The providers the fake publisher connects (it keeps the settings sent as the ones the platform reported). */
  readonly connectableProviders = new Set(['sandbox']);

  register(server: RpcServer): void {
    const serve = (method: string, handler: (payload: never) => unknown) =>
      server.handle(method, async (payload) => {
        this.calls.push({ method, payload });
        if (this.postServiceDown && method.startsWith('posts.')) throw new ServiceError('unavailable', 'The service is not available.');
        try {
          return await handler(payload as never);
        } catch (error) {
          if (error instanceof PostRuleViolation) throw asServiceError(error);
          throw error;
        }
      });
    serve(RpcMethods.createPost, (r: CreatePostRequest) =>
      this.run(r.postUuid, { type: 'CreatePost', postUuid: r.postUuid, workspaceUuid: r.workspaceUuid, actor: r.actor, now: now(), input: r.input }),
    );
    serve(RpcMethods.updatePost, (r: CreatePostRequest) =>
      this.run(r.postUuid, { type: 'UpdatePost', actor: r.actor, now: now(), input: r.input }, r.workspaceUuid),
    );
    serve(RpcMethods.deletePost, (r: PostActionRequest) => this.run(r.postUuid, { type: 'DeletePost', actor: r.actor, now: now() }, r.workspaceUuid));
    serve(RpcMethods.approvePost, (r: PostActionRequest) =>
      this.run(r.postUuid, { type: 'ApprovePost', actor: r.actor, now: now() }, r.workspaceUuid),
    );
    serve(RpcMethods.connectAccount, (r: ConnectAccountRequest) => {
      if (this.connectTimesOut) throw new ServiceError('unavailable', 'The service did not answer in time.');
      if (!this.connectableProviders.has(r.provider)) throw new ServiceError('validation', 'Validation errors.', { provider: ['The selected provider is invalid.'] });
      return { authorized: true, name: 'Reported Name', username: 'reported_handle', settings: r.settings, ...(this.reportedAvatarUrl !== undefined && { avatar_url: this.reportedAvatarUrl }) };
    });
    serve(RpcMethods.disconnectAccount, () => {
      if (this.disconnectTimesOut) throw new ServiceError('unavailable', 'The service did not answer in time.');
      return null;
    });
    const webhook = (id: number): WebhookView => ({
      id,
      url: 'https://example.com/hook',
      events: [],
      secret: null,
      active: true,
      previous_secret_expires_at: null,
      disabled_at: null,
      disabled_reason: null,
      last_delivery_at: null,
      last_delivery_status: null,
      success_rate_24h: null,
      created_at: now(),
      updated_at: now(),
    });
    serve(RpcMethods.listWebhooks, () => [webhook(1)]);
    serve(RpcMethods.getWebhook, (r: { webhookId: number }) => webhook(r.webhookId));
    serve(RpcMethods.createWebhook, () => webhook(2));
    serve(RpcMethods.updateWebhook, (r: { webhookId: number }) => webhook(r.webhookId));
    serve(RpcMethods.deleteWebhook, () => null);
    serve(RpcMethods.listDeliveries, () => []);
    serve(RpcMethods.resendDelivery, (r: { deliveryId: string }) => ({ id: r.deliveryId, status: 'pending' }));
    serve(RpcMethods.rotateWebhookSecret, (r: { webhookId: number }) => webhook(r.webhookId));
    serve(RpcMethods.testWebhook, () => ({ id: 'test', succeeded: true, status_code: 200 }));
    serve(RpcMethods.recoverDeliveries, () => ({ count: 0 }));
  }

  callsOf(method: string): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.payload);
  }

  /** Puts a post straight into a status the gateway cannot reach by itself (e.g. published). */
  append(postUuid: string, events: PostEvent[]): Promise<void> {
    return this.record(postUuid, events);
  }

  private async run(postUuid: string, command: PostCommand, workspaceUuid?: string): Promise<PostCommandReply> {
    const state = foldPost(this.streams.get(postUuid) ?? []);
    if (workspaceUuid && state.exists && state.workspaceUuid !== workspaceUuid) throw new ServiceError('not_found', 'Post not found.');
    await this.record(postUuid, decide(command, state));
    const after = foldPost(this.streams.get(postUuid) ?? []);
    if (!after.exists) throw new Error('The command left no post');
    return { post: after.deleted ? null : viewOf(after), revision: after.revision };
  }

  private async record(postUuid: string, events: PostEvent[]): Promise<void> {
    let stream = this.streams.get(postUuid) ?? [];
    for (const event of events) {
      stream = [...stream, event];
      this.streams.set(postUuid, stream);
      const state = foldPost(stream);
      if (this.bus && state.exists) await this.bus.publish(Topics.postEvents, [{ key: postUuid, value: messageOf(event, state) }]);
    }
  }
}

type ExistingState = Extract<PostState, { exists: true }>;

const publicNames: Record<PostEventType, PostEventName> = {
  PostCreated: 'post.created',
  PostUpdated: 'post.updated',
  PostScheduled: 'post.scheduled',
  PostApprovalRequested: 'post.approval_requested',
  PostApproved: 'post.approved',
  PostDeleted: 'post.deleted',
  PublishingStarted: 'post.publishing_started',
  AccountPublished: 'post.account_published',
  AccountPublishFailed: 'post.account_failed',
  PostPublished: 'post.published',
  PostPublishFailed: 'post.failed',
};

function messageOf(event: PostEvent, state: ExistingState): PostEventMessage {
  const type = publicNames[event.type];
  return {
    version: 1,
    id: randomUUID(),
    type,
    workspaceUuid: state.workspaceUuid,
    postUuid: state.postUuid,
    revision: state.revision,
    occurredAt: now(),
    post: viewOf(state),
    deleted: state.deleted,
    ...(type === 'post.publishing_started' ? { accountIds: state.accounts.map((account) => account.id) } : {}),
    ...('accountId' in event.data ? { accountId: event.data.accountId } : {}),
  } as PostEventMessage;
}

function viewOf(state: ExistingState): PostView {
  return {
    uuid: state.postUuid,
    status: state.status,
    versions: state.versions,
    accounts: state.accounts.map((account) => ({ ...account, external_url: null, errors: [], items: [null] })),
    tags: state.tags,
    scheduled_at: state.scheduledAt,
    published_at: state.publishedAt,
    created_at: state.createdAt,
    updated_at: state.updatedAt,
  };
}

const now = () => new Date().toISOString();

function asServiceError(violation: PostRuleViolation): ServiceError {
  switch (violation.code) {
    case 'PostNotFound':
      return new ServiceError('not_found', violation.message);
    case 'ApprovalNotAllowed':
      return new ServiceError('forbidden', violation.message);
    case 'InvalidPostContent':
      return new ServiceError('validation', violation.message, violation.fields);
    default:
      return new ServiceError('bad_request', violation.message);
  }
}

