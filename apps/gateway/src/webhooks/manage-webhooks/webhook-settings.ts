import { Inject, Injectable } from '@nestjs/common';
import {
  CreateWebhookRequest,
  RpcMethods,
  UpdateWebhookRequest,
  WebhookInput,
  WebhookRequest,
  WebhookScope,
  WebhookScopedRequest,
  WebhookView,
} from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';

/** Webhook settings belong to the webhook-dispatcher, which checks them; the gateway relays. */
@Injectable()
export class WebhookSettings {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  /** `showSecret`: whether the caller may see the signing secrets (a workspace's admins, panel admins). */
  async list(scope: WebhookScope, showSecret: boolean): Promise<{ data: WebhookView[] }> {
    const request: WebhookScopedRequest = { scope, showSecret };
    return { data: await this.rpc.request<WebhookView[]>(RpcMethods.listWebhooks, request) };
  }

  get(scope: WebhookScope, webhookId: number, showSecret: boolean): Promise<WebhookView> {
    const request: WebhookRequest = { scope, webhookId, showSecret };
    return this.rpc.request<WebhookView>(RpcMethods.getWebhook, request);
  }

  create(scope: WebhookScope, body: unknown): Promise<WebhookView> {
    const request: CreateWebhookRequest = { scope, input: inputOf(body) };
    return this.rpc.request<WebhookView>(RpcMethods.createWebhook, request);
  }

  update(scope: WebhookScope, webhookId: number, body: unknown): Promise<WebhookView> {
    const request: UpdateWebhookRequest = { scope, webhookId, input: inputOf(body) };
    return this.rpc.request<WebhookView>(RpcMethods.updateWebhook, request);
  }

  async delete(scope: WebhookScope, webhookId: number): Promise<void> {
    const request: WebhookRequest = { scope, webhookId };
    await this.rpc.request(RpcMethods.deleteWebhook, request);
  }
}

/** Only the settings' own fields travel; absent ones stay absent (an update keeps them). */
function inputOf(body: unknown): WebhookInput {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const input: WebhookInput = {};
  for (const key of ['url', 'events', 'secret', 'active'] as const) if (key in fields) input[key] = fields[key];
  return input;
}
