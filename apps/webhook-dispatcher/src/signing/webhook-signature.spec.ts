import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, isWebhookSecret } from './webhook-secret';
import { signWebhook } from './webhook-signature';

describe('signWebhook', () => {
  const body = JSON.stringify({ event: 'post.published', workspace_uuid: 'w', timestamp: '2026-11-22T09:30:00.000Z' });

  it('produces a signature the Standard Webhooks library verifies', () => {
    const secret = generateWebhookSecret();
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'f1d2c3b4-0000-8000-8000-000000000001',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, 'f1d2c3b4-0000-8000-8000-000000000001', timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('matches the library for a secret it did not generate', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const at = new Date('2026-11-22T09:30:00Z');
    expect(signWebhook(secret, 'msg_1', Math.floor(at.getTime() / 1000), body)).toBe(new Webhook(secret).sign('msg_1', at, body));
  });

  it('is refused by the library for another body or another secret', () => {
    const secret = generateWebhookSecret();
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = signWebhook(secret, 'id-1', timestamp, body);
    const headers = { 'webhook-id': 'id-1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });
});

describe('webhook secrets', () => {
  it('generates whsec_ secrets of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(isWebhookSecret(secret)).toBe(true);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it.each([
    ['without the prefix', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    ['not base64', 'whsec_not base64 at all!!!!!!!!!!!!'],
    ['shorter than 24 bytes', `whsec_${Buffer.alloc(16).toString('base64')}`],
    ['longer than 64 bytes', `whsec_${Buffer.alloc(65).toString('base64')}`],
    ['empty', 'whsec_'],
  ])('refuses a secret %s', (_, secret) => {
    expect(isWebhookSecret(secret)).toBe(false);
  });
});
