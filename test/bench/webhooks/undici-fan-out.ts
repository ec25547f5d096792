import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { ReceivedRequest, Receivers } from '../support/receivers/receivers';
import { delaysFor, FanOutPlan, SLOW_RECEIVER } from './fan-out-plan';

/** Connections per receiver: undici keeps one pool per origin, so a slow receiver holds only its own. */
const CONNECTIONS_PER_RECEIVER = 8;
/** The service's webhook timeout (WEBHOOK_TIMEOUT_MS default). */
const TIMEOUT_MS = 5_000;

/**
 * The baseline: the same deliveries (a `post.published` envelope per post and receiver, signed,
 * with the service's headers) sent by bare undici from this process, all issued at once, post
 * after post as the service fans them out. Waits for every receiver but the slow one.
 */
export async function undiciFanOut(plan: FanOutPlan, receivers: Receivers, withSlowReceiver: boolean): Promise<ReceivedRequest[]> {
  await receivers.answerAfter(delaysFor(plan, withSlowReceiver));
  await receivers.take();
  const secret = randomBytes(32);
  const agent = new Agent({ connections: CONNECTIONS_PER_RECEIVER, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
  const posts = plan.workspaces * plan.postsPerWorkspace;
  const measured: Promise<void>[] = [];
  const abandoned: Promise<unknown>[] = [];
  for (let post = 0; post < posts; post++) {
    const body = envelope(randomUUID());
    receivers.urls.forEach((url, receiver) => {
      const sent = send(agent, url, body, secret);
      // The slow receiver's requests time out (or are cut off below); nothing waits for them.
      if (withSlowReceiver && receiver === SLOW_RECEIVER) abandoned.push(sent.catch(() => undefined));
      else measured.push(sent);
    });
  }
  try {
    await Promise.all(measured);
  } finally {
    await agent.destroy();
    await Promise.allSettled([...measured, ...abandoned]);
  }
  return receivers.take();
}

async function send(agent: Agent, url: string, body: string, secret: Buffer): Promise<void> {
  const id = `msg_${randomUUID()}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
  const response = await request(url, {
    method: 'POST',
    dispatcher: agent,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'bench-undici-fan-out',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
      'x-service-event': 'post.published',
    },
    body,
  });
  await response.body.dump();
}

function envelope(postUuid: string): string {
  const now = new Date().toISOString();
  return JSON.stringify({
    event: 'post.published',
    workspace_uuid: randomUUID(),
    post: { uuid: postUuid, status: 'published', scheduled_at: now, published_at: now, accounts: [{ provider: 'sandbox', name: 'Webhooks 1 sandbox 1' }] },
    timestamp: now,
  });
}
