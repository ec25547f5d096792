import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import {
  RecoverDeliveriesRequest,
  SECRET_GRACE_SECONDS,
  RotateWebhookSecretRequest,
  RpcMethods,
  TestAttemptView,
  TestWebhookRequest,
  WebhookScope,
  WebhookView,
} from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { validationFailed } from '../../http/api-error';
import { RecoverDeliveriesDto, RotateSecretDto, TestWebhookDto } from './webhook-actions.dto';

/** A test waits for the endpoint's answer: the RPC may take the webhook timeout and this much more. */
const TEST_RPC_MARGIN_MS = 5_000;

/** Rotating a webhook's secret, sending it a test event, recovering its failed deliveries: the webhook-dispatcher does them. */
@Injectable()
export class WebhookActions {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  rotateSecret(scope: WebhookScope, webhookId: number, body: RotateSecretDto): Promise<WebhookView> {
    const request: RotateWebhookSecretRequest = { scope, webhookId, graceSeconds: body.grace_seconds ?? SECRET_GRACE_SECONDS.default };
    return this.rpc.request<WebhookView>(RpcMethods.rotateWebhookSecret, request);
  }

  test(scope: WebhookScope, webhookId: number, body: TestWebhookDto): Promise<TestAttemptView> {
    const request: TestWebhookRequest = { scope, webhookId, event: body.event };
    return this.rpc.request<TestAttemptView>(RpcMethods.testWebhook, request, { timeoutMs: this.config.webhookTimeoutMs + TEST_RPC_MARGIN_MS });
  }

  recover(scope: WebhookScope, webhookId: number, body: RecoverDeliveriesDto): Promise<{ count: number }> {
    const since = new Date(body.since).toISOString();
    const until = body.until ? new Date(body.until).toISOString() : null;
    if (until !== null && until < since) throw validationFailed({ until: ['The until field must be a date after or equal to since.'] });
    const request: RecoverDeliveriesRequest = { scope, webhookId, since, until, dryRun: body.dry_run === true };
    return this.rpc.request<{ count: number }>(RpcMethods.recoverDeliveries, request);
  }
}
