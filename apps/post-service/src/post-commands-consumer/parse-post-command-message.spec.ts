import { MalformedPostCommandError, parsePostCommandMessage } from './parse-post-command-message';

const base = { commandId: 'cmd-1', postUuid: '0b6f7d8e-1c2a-4e3b-9f40-5a6b7c8d9e0f', sentAt: '2026-11-22T12:00:00.000Z' };

describe('parsePostCommandMessage', () => {
  it('reads StartPublishing', () => {
    const command = parsePostCommandMessage({ ...base, type: 'StartPublishing', scheduledRevision: 1 });
    expect(command).toEqual({ ...base, type: 'StartPublishing', scheduledRevision: 1 });
  });

  it('reads RecordPublishResult', () => {
    const value = { ...base, type: 'RecordPublishResult', accountId: 11, outcome: 'failed', externalId: null, externalUrl: null, errors: ['No.'] };
    expect(parsePostCommandMessage(value)).toEqual(value);
    const thread = { ...value, outcome: 'published', externalId: '1', items: [{ externalId: '1', externalUrl: 'https://example.test/1' }, { externalId: '2', externalUrl: null }] };
    expect(parsePostCommandMessage(thread)).toEqual(thread);
  });

  it('reads ExpirePublishing', () => {
    const command = parsePostCommandMessage({ ...base, type: 'ExpirePublishing', waitedMs: 900_000 });
    expect(command).toEqual({ ...base, type: 'ExpirePublishing', waitedMs: 900_000 });
  });

  it.each([
    ['not an object', 'message must be an object'],
    [{ ...base, type: 'ExpirePublishing', waitedMs: -1 }, 'waitedMs must be a whole number of 0 or more'],
    [{ ...base, type: 'StartPublishing' }, 'scheduledRevision must be a whole number of 0 or more'],
    [{ ...base, type: 'RecordPublishResult', accountId: 11, outcome: 'maybe', externalId: null, externalUrl: null, errors: [] }, 'outcome must be one of published, failed'],
    [{ ...base, type: 'RecordPublishResult', accountId: 11, outcome: 'published', externalId: 'a', externalUrl: null, errors: [], items: [{ externalUrl: null }] }, 'items.0.externalId must be a text'],
    [{ ...base, type: 'PublishEverything' }, 'type must be one of StartPublishing, ExpirePublishing, RecordPublishResult'],
    [{ type: 'StartPublishing', scheduledRevision: 1 }, 'commandId must be a text'],
  ])('rejects %j', (value, reason) => {
    const parse = () => parsePostCommandMessage(value);
    expect(parse).toThrow(MalformedPostCommandError);
    expect(parse).toThrow(reason);
  });
});
