import { IHeaders, KafkaMessage } from 'kafkajs';
import { decodeHeaders, decodeMessage, encodeMessage, nextOffset } from './kafka-codec';

const kafkaMessage = (fields: Partial<Pick<KafkaMessage, 'key' | 'value'>> & { headers?: IHeaders }): KafkaMessage => ({
  key: Buffer.from('post-1'),
  value: Buffer.from('{"seq":1}'),
  timestamp: '1795312000000',
  attributes: 0,
  offset: '41',
  headers: {},
  ...fields,
});

describe('Kafka message codec', () => {
  it('encodes the value as JSON and keeps key and headers', () => {
    expect(encodeMessage({ key: 'post-1', value: { title: 'é', at: null }, headers: { 'event-id': 'e-1' } })).toEqual({
      key: 'post-1',
      value: '{"title":"é","at":null}',
      headers: { 'event-id': 'e-1' },
    });
    expect(encodeMessage({ key: 'post-1', value: undefined })).toEqual({ key: 'post-1', value: null });
  });

  it('refuses a message without a string key', () => {
    expect(() => encodeMessage({ key: 7 as unknown as string, value: 1 })).toThrow('A message needs a string key.');
  });

  it('decodes JSON value, key, headers, offset and timestamp', () => {
    const decoded = decodeMessage('post-events', 2, kafkaMessage({ headers: { 'event-type': Buffer.from('PostCreated'), plain: 'text' } }));

    expect(decoded).toEqual({
      ok: true,
      message: {
        topic: 'post-events',
        partition: 2,
        offset: '41',
        key: 'post-1',
        value: { seq: 1 },
        headers: { 'event-type': 'PostCreated', plain: 'text' },
        timestamp: '1795312000000',
      },
    });
  });

  it('decodes an absent value as null and an absent key as empty', () => {
    const decoded = decodeMessage('t', 0, kafkaMessage({ key: null, value: null }));

    expect(decoded).toMatchObject({ ok: true, message: { key: '', value: null } });
  });

  it('reports a value that is not JSON instead of throwing', () => {
    const decoded = decodeMessage('t', 0, kafkaMessage({ value: Buffer.from('{broken') }));

    expect(decoded.ok).toBe(false);
    expect(decoded).toMatchObject({ reason: expect.stringMatching(/^The message value is not JSON: /) });
  });

  it('keeps the last value of a repeated header and drops absent ones', () => {
    expect(decodeHeaders({ trace: [Buffer.from('first'), Buffer.from('last')], gone: undefined })).toEqual({ trace: 'last' });
    expect(decodeHeaders(undefined)).toEqual({});
  });

  it('commits the offset after the handled one, beyond the safe integer range', () => {
    expect(nextOffset('0')).toBe('1');
    expect(nextOffset('9007199254740993')).toBe('9007199254740994');
  });
});
