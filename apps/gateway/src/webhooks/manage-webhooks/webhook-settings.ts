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
import type { Membership } from '../../auth/authenticated-user';

/** What a caller may read of a webhook: its signing secret, and its whole URL rather than only its origin. */
export interface WebhookReader {
  showSecret: boolean;
  showUrl: boolean;
}

/**
 * A workspace's admins read its webhooks whole; its members without the secret; its viewers
 * without the secret and with only the URL's origin, as a path or a query may hold credentials.
 */
export const webhookReaderOf = (role: Membership['role']): WebhookReader => ({ showSecret: role === 'admin', showUrl: role !== 'viewer' });

/** A panel admin reads the system webhooks whole. */
export const PANEL_ADMIN_READER: WebhookReader = { showSecret: true, showUrl: true };

/** Webhook settings belong to the webhook-dispatcher, which checks them; the gateway relays. */
@Injectable()
export class WebhookSettings {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  /** `reader`: what the caller may see (webhookReaderOf); the webhook-dispatcher leaves out the rest. */
  async list(scope: WebhookScope, { showSecret, showUrl }: WebhookReader): Promise<{ data: WebhookView[] }> {
    const request: WebhookScopedRequest = { scope, showSecret, showUrl };
    return { data: await this.rpc.request<WebhookView[]>(RpcMethods.listWebhooks, request) };
  }

  get(scope: WebhookScope, webhookId: number, { showSecret, showUrl }: WebhookReader): Promise<WebhookView> {
    const request: WebhookRequest = { scope, webhookId, showSecret, showUrl };
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
