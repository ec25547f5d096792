import {
  ConnectAccountRequest,
  CreatePostRequest,
  ListPostsRequest,
  PostActionRequest,
  PostRef,
  PostView,
  RpcMethods,
  ServiceError,
  WebhookView,
} from '@app/contracts';
import { decide, foldPost, PostCommand, PostEvent, PostRuleViolation } from '@app/domain';
import type { RpcServer } from '@app/messaging';

/**
 * Stand-ins for the services behind the gateway, answering its RPC methods: posts decided by the
 * real domain rules and kept in memory, a publisher that knows the `sandbox` provider, and a
 * webhook-dispatcher that records what it was asked.
 */
export class FakeServices {
  readonly streams = new Map<string, PostEvent[]>();
  readonly calls: Array<{ method: string; payload: unknown }> = [];
  /** Set to make every post method fail as an unreachable service would. */
  postServiceDown = false;

  register(server: RpcServer): void {
    const serve = (method: string, handler: (payload: never) => unknown) =>
      server.handle(method, async (payload) => {
        this.calls.push({ method, payload });
        if (this.postServiceDown && method.startsWith('posts.')) throw new ServiceError('unavailable', 'The service is not available.');
        try {
          return handler(payload as never);
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
    serve(RpcMethods.deletePost, (r: PostActionRequest) => {
      this.run(r.postUuid, { type: 'DeletePost', actor: r.actor, now: now() }, r.workspaceUuid);
      return null;
    });
    serve(RpcMethods.approvePost, (r: PostActionRequest) =>
      this.run(r.postUuid, { type: 'ApprovePost', actor: r.actor, now: now() }, r.workspaceUuid),
    );
    serve(RpcMethods.getPost, (r: PostRef) => this.view(r.postUuid, r.workspaceUuid));
    serve(RpcMethods.listPosts, (r: ListPostsRequest) => {
      const all = [...this.streams.keys()]
        .map((uuid) => this.viewOrNull(uuid, r.workspaceUuid))
        .filter((post): post is PostView => post !== null && (r.status === null || post.status === r.status));
      return { data: all.slice((r.page - 1) * r.limit, r.page * r.limit), meta: { page: r.page, limit: r.limit, total: all.length } };
    });
    serve(RpcMethods.connectAccount, (r: ConnectAccountRequest) => {
      if (r.provider !== 'sandbox') throw new ServiceError('validation', 'Validation errors.', { provider: ['The selected provider is invalid.'] });
      return { authorized: true, name: 'Reported Name', username: 'reported_handle', settings: r.settings };
    });
    serve(RpcMethods.disconnectAccount, () => null);
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
  append(postUuid: string, events: PostEvent[]): void {
    this.streams.get(postUuid)?.push(...events);
  }

  private run(postUuid: string, command: PostCommand, workspaceUuid?: string): PostView {
    const events = this.streams.get(postUuid) ?? [];
    const state = foldPost(events);
    if (workspaceUuid && state.exists && state.workspaceUuid !== workspaceUuid) throw new ServiceError('not_found', 'Post not found.');
    const added = decide(command, state);
    this.streams.set(postUuid, [...events, ...added]);
    return this.viewOrNull(postUuid) ?? ({ uuid: postUuid } as PostView);
  }

  private view(postUuid: string, workspaceUuid: string): PostView {
    const view = this.viewOrNull(postUuid, workspaceUuid);
    if (!view) throw new ServiceError('not_found', 'Post not found.');
    return view;
  }

  private viewOrNull(postUuid: string, workspaceUuid?: string): PostView | null {
    const state = foldPost(this.streams.get(postUuid) ?? []);
    if (!state.exists || state.deleted || (workspaceUuid && state.workspaceUuid !== workspaceUuid)) return null;
    return {
      uuid: state.postUuid,
      status: state.status,
      versions: state.versions,
      accounts: state.accounts.map((account) => ({ ...account, external_url: null, errors: [] })),
      tags: state.tags,
      scheduled_at: state.scheduledAt,
      published_at: state.publishedAt,
      created_at: state.createdAt,
      updated_at: state.updatedAt,
    };
  }
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

