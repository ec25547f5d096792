import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@app/config';
import { type Delivery, webhookReceiver } from '../../../../docs/examples/webhook-receiver';
import { WebhookSender } from '../deliver-webhooks/webhook-sender';
import { generateWebhookSecret } from './webhook-secret';
import { signatureHeader } from './webhook-signature';

/** The README's receiver (docs/examples/webhook-receiver.ts), sent deliveries by the dispatcher's own sender and signing code. */
describe('the example webhook receiver of the README', () => {
  const secret = generateWebhookSecret();
  const sender = new WebhookSender(loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }));
  const handled: Delivery[] = [];
  let receiver: Server;
  let url: string;

  beforeAll(async () => {
    receiver = webhookReceiver(secret, (delivery) => void handled.push(delivery));
    await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise((closed) => receiver.close(closed)));
  beforeEach(() => handled.splice(0));

  const envelope = (uuid = randomUUID()) => ({
    event: 'post.published',
    workspace_uuid: randomUUID(),
    post: { uuid, status: 'published', scheduled_at: '2026-11-22T09:30:00.000Z', published_at: '2026-11-22T09:30:02.000Z', accounts: [] },
    timestamp: new Date().toISOString(),
  });
  const send = (body: object, options: { deliveryId?: string; secrets?: string[] } = {}) =>
    sender.send({ deliveryId: options.deliveryId ?? randomUUID(), event: 'post.published', url, body: JSON.stringify(body), secrets: options.secrets ?? [secret] });
  /** A delivery signed by the dispatcher's signing code at `secondsAgo`, posted as the sender posts it. */
  const sendSignedAt = (body: object, secondsAgo: number) => {
    const id = randomUUID();
    const timestamp = Math.floor(Date.now() / 1000) - secondsAgo;
    const text = JSON.stringify(body);
    const headers = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureHeader([secret], id, timestamp, text) };
    return fetch(url, { method: 'POST', headers, body: text });
  };

  it('handles a delivery the service signed with the webhook secret', async () => {
    const body = envelope();
    expect(await send(body)).toMatchObject({ succeeded: true, statusCode: 204 });
    expect(handled).toEqual([body]);
  });

  it('handles a delivery id once: a retry of it is answered 204 without handling it again', async () => {
    const deliveryId = randomUUID();
    expect(await send(envelope(), { deliveryId })).toMatchObject({ statusCode: 204 });
    expect(await send(envelope(), { deliveryId })).toMatchObject({ statusCode: 204 });
    expect(handled).toHaveLength(1);
  });

  it('refuses a replay older than five minutes, and accepts one a little younger', async () => {
    expect((await sendSignedAt(envelope(), 5 * 60 + 30)).status).toBe(401);
    expect(handled).toEqual([]);
    expect((await sendSignedAt(envelope(), 5 * 60 - 30)).status).toBe(204);
    expect(handled).toHaveLength(1);
  });

  it('refuses another secret and a changed body; during a rotation the old secret still verifies', async () => {
    expect(await send(envelope(), { secrets: [generateWebhookSecret()] })).toMatchObject({ statusCode: 401 });
    const id = randomUUID();
    const timestamp = Math.floor(Date.now() / 1000);
    const signed = envelope();
    const signature = signatureHeader([secret], id, timestamp, JSON.stringify(signed));
    const changed = JSON.stringify({ ...signed, post: { ...signed.post, status: 'failed' } });
    const forged = await fetch(url, { method: 'POST', headers: { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature }, body: changed });
    expect(forged.status).toBe(401);
    expect(handled).toEqual([]);
    expect(await send(envelope(), { secrets: [generateWebhookSecret(), secret] })).toMatchObject({ statusCode: 204 });
    expect(handled).toHaveLength(1);
  });
});
