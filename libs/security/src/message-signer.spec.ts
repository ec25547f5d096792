import { MessageSigner, SignedParts } from './message-signer';
import { newKey } from './testing';

const parts: SignedParts = {
  topic: 'rpc.post-service',
  key: 'c-1',
  value: '{"actor":{"userId":7,"canApprove":false}}',
  headers: { method: 'posts.create', 'reply-to': 'rpc.replies.gateway-1', deadline: '1795312000000' },
};

describe('MessageSigner', () => {
  const shared = newKey();
  const signer = new MessageSigner({ current: shared });

  it('verifies what a holder of the same key signed, whatever else tracing adds to the headers', () => {
    const signature = signer.sign(parts);
    expect(signature).toMatch(/^v1:[0-9a-f]{8}:[\w-]{43}$/);
    expect(new MessageSigner({ current: shared }).verify({ ...parts, headers: { ...parts.headers, traceparent: '00-abc-def-01' } }, signature)).toBe(true);
  });

  it.each<[string, Partial<SignedParts>]>([
    ['another value (a forged actor)', { value: '{"actor":{"userId":7,"canApprove":true}}' }],
    ['another reply address', { headers: { ...parts.headers, 'reply-to': 'rpc.replies.attacker' } }],
    ['another deadline', { headers: { ...parts.headers, deadline: '9999999999999' } }],
    ['an added header', { headers: { ...parts.headers, 'x-extra': '1' } }],
    ['another topic', { topic: 'rpc.publisher' }],
    ['another key', { key: 'c-2' }],
    ['no value', { value: null }],
  ])('refuses the message with %s', (_, change) => {
    expect(signer.verify({ ...parts, ...change }, signer.sign(parts))).toBe(false);
  });

  it('refuses a message signed with another key, an unsigned one, and garbage', () => {
    expect(signer.verify(parts, new MessageSigner({ current: newKey() }).sign(parts))).toBe(false);
    expect(signer.verify(parts, undefined)).toBe(false);
    expect(signer.verify(parts, 'v1:deadbeef:xyz')).toBe(false);
    expect(signer.verify(parts, 'nonsense')).toBe(false);
  });

  it('verifies what an old key signed after a rotation', () => {
    const old = newKey();
    const signature = new MessageSigner({ current: old }).sign(parts);
    expect(new MessageSigner({ current: newKey(), old: [old] }).verify(parts, signature)).toBe(true);
  });

  it('keeps field boundaries: moving text from the key into the topic does not verify', () => {
    const signature = signer.sign({ ...parts, topic: 'ab', key: 'c' });
    expect(signer.verify({ ...parts, topic: 'a', key: 'bc' }, signature)).toBe(false);
  });
});
