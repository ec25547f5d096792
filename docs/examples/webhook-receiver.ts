import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** What a delivery carries (docs/webhooks.md): the event and the post it is about. */
export interface Delivery {
  event: string;
  workspace_uuid: string;
  post: { uuid: string; status: string; scheduled_at: string | null; published_at: string | null };
  timestamp: string;
}

const FIVE_MINUTES_MS = 5 * 60_000;

/**
 * A receiver of the service's webhooks. Each delivery is verified with the webhook's secret
 * (`whsec_...`) by the standardwebhooks package: the signature must match the body, and the
 * timestamp must be within five minutes of now, so a delivery captured and replayed later is
 * refused (401). A delivery id seen in the last five minutes (the service retrying, or a replay
 * within the window) is answered 204 again without handling it twice.
 */
export function webhookReceiver(secret: string, handle: (delivery: Delivery) => Promise<void> | void): Server {
  const webhook = new Webhook(secret);
  const handled = new Map<string, number>(); // webhook-id -> when
  return createServer(async (request, response) => {
    const body = await textOf(request);
    let delivery: Delivery;
    try {
      delivery = webhook.verify(body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }) as Delivery;
    } catch (error) {
      response.writeHead(error instanceof WebhookVerificationError ? 401 : 400).end();
      return;
    }
    const id = String(request.headers['webhook-id']);
    for (const [seen, at] of handled) if (Date.now() - at > FIVE_MINUTES_MS) handled.delete(seen);
    if (!handled.has(id)) {
      handled.set(id, Date.now());
      try {
        await handle(delivery);
      } catch {
        handled.delete(id);
        response.writeHead(500).end(); // the service tries again later
        return;
      }
    }
    response.writeHead(204).end();
  });
}

async function textOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
