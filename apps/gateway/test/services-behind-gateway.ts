import { ConnectAccountRequest, RpcMethods, ServiceError, WebhookView } from '@app/contracts';
import { InProcessRpc, RpcFailures } from '@app/messaging';

/** The post-service's methods: the ones `postServiceDown` takes away. */
const POST_SERVICE_METHOD = /^posts\./;

/**
 * What the gateway's tests see and steer of the services behind it, kept across restarts of the
 * app: every request a service got (`calls`), switches that make a service fail, and stand-ins
 * for the publisher (it knows the `sandbox` provider) and the webhook-dispatcher (it records what
 * it was asked). The post-service is the real one (see gateway-test-app).
 */
export class ServicesBehindGateway {
  readonly calls: Array<{ method: string; payload: unknown }> = [];
  /** Set to make every post-service method fail as a service that is not running does. */
  postServiceDown = false;
  /** Set to a number to let that many more posts be created, then fail every create the same way (a service that stops midway). */
  createsBeforeOutage: number | null = null;
  /** Set to make connecting an account fail as a publisher that did not answer in time does. */
  connectTimesOut = false;
  /** Set to make disconnecting an account fail the same way. */
  disconnectTimesOut = false;
  /** The picture the publisher reports at connect (`avatar_url` of its reply); absent: it tells none, as an older publisher. */
  reportedAvatarUrl: string | null | undefined = null;
  /** The providers the fake publisher connects (it keeps the settings sent as the ones the platform reported). */
  readonly connectableProviders = new Set(['sandbox']);

  /** The in-process RPC of one start of the app: it records what each service got and serves the stand-ins. */
  rpc(): InProcessRpc {
    const rpc = new ObservedRpc(this);
    this.registerStandIns(rpc);
    return rpc;
  }

  callsOf(method: string): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.payload);
  }

  private registerStandIns(rpc: InProcessRpc): void {
    const serve = (method: string, handler: (payload: never) => unknown) => rpc.handle(method, async (payload) => handler(payload as never));
    serve(RpcMethods.connectAccount, (r: ConnectAccountRequest) => {
      if (this.connectTimesOut) throw new ServiceError('unavailable', RpcFailures.timedOut);
      if (!this.connectableProviders.has(r.provider)) throw new ServiceError('validation', 'Validation errors.', { provider: ['The selected provider is invalid.'] });
      return { authorized: true, name: 'Reported Name', username: 'reported_handle', settings: r.settings, ...(this.reportedAvatarUrl !== undefined && { avatar_url: this.reportedAvatarUrl }) };
    });
    serve(RpcMethods.disconnectAccount, () => {
      if (this.disconnectTimesOut) throw new ServiceError('unavailable', RpcFailures.timedOut);
      return null;
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
}

/** In-process RPC whose every handler, the post-service's as the stand-ins', records what it got, and answers as a stopped service when told to. */
class ObservedRpc extends InProcessRpc {
  constructor(private readonly services: ServicesBehindGateway) {
    super();
  }

  override handle(method: string, handler: (payload: unknown) => Promise<unknown>): void {
    super.handle(method, async (payload) => {
      this.services.calls.push({ method, payload });
      if (this.services.postServiceDown && POST_SERVICE_METHOD.test(method)) throw new ServiceError('unavailable', RpcFailures.notAvailable);
      if (method === RpcMethods.createPost && this.services.createsBeforeOutage !== null && this.services.createsBeforeOutage-- <= 0) {
        throw new ServiceError('unavailable', RpcFailures.notAvailable);
      }
      return handler(payload);
    });
  }
}

const now = () => new Date().toISOString();

function webhook(id: number): WebhookView {
  return {
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
  };
}
