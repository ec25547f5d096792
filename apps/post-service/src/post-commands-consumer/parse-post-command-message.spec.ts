import { ExpirePublishingCommand } from '../expire-publishing/expire-publishing.command';
import { RecordPublishResultCommand } from '../record-publish-result/record-publish-result.command';
import { StartPublishingCommand } from '../start-publishing/start-publishing.command';
import { MalformedPostCommandError, parsePostCommandMessage } from './parse-post-command-message';

const base = { commandId: 'cmd-1', postUuid: '0b6f7d8e-1c2a-4e3b-9f40-5a6b7c8d9e0f', sentAt: '2026-11-22T12:00:00.000Z' };

describe('parsePostCommandMessage', () => {
  it('reads StartPublishing', () => {
    const command = parsePostCommandMessage({ ...base, type: 'StartPublishing', scheduledRevision: 1 });
    expect(command).toBeInstanceOf(StartPublishingCommand);
    expect(command.message).toMatchObject({ postUuid: base.postUuid, scheduledRevision: 1 });
  });

  it('reads RecordPublishResult', () => {
    const value = { ...base, type: 'RecordPublishResult', accountId: 11, outcome: 'failed', externalId: null, externalUrl: null, errors: ['No.'] };
    const command = parsePostCommandMessage(value);
    expect(command).toBeInstanceOf(RecordPublishResultCommand);
    expect(command.message).toEqual(value);
    const thread = { ...value, outcome: 'published', externalId: '1', items: [{ externalId: '1', externalUrl: 'https://example.test/1' }, { externalId: '2', externalUrl: null }] };
    expect(parsePostCommandMessage(thread).message).toEqual(thread);
  });

  it('reads ExpirePublishing', () => {
    const command = parsePostCommandMessage({ ...base, type: 'ExpirePublishing', waitedMs: 900_000 });
    expect(command).toBeInstanceOf(ExpirePublishingCommand);
    expect(command.message).toMatchObject({ postUuid: base.postUuid, waitedMs: 900_000 });
  });

  it.each([
    ['not an object', 'StartPublishing'],
    [{ ...base, type: 'ExpirePublishing', waitedMs: -1 }, 'waitedMs must be a whole number'],
    [{ ...base, type: 'StartPublishing' }, 'scheduledRevision must be an integer'],
    [{ ...base, type: 'RecordPublishResult', accountId: 11, outcome: 'maybe', externalId: null, externalUrl: null, errors: [] }, 'RecordPublishResult needs'],
    [{ ...base, type: 'RecordPublishResult', accountId: 11, outcome: 'published', externalId: 'a', externalUrl: null, errors: [], items: [{ externalUrl: null }] }, 'RecordPublishResult needs'],
    [{ ...base, type: 'PublishEverything' }, 'unknown command type "PublishEverything"'],
    [{ type: 'StartPublishing', scheduledRevision: 1 }, 'commandId and postUuid are required'],
  ])('rejects %j', (value, reason) => {
    const parse = () => parsePostCommandMessage(value);
    expect(parse).toThrow(MalformedPostCommandError);
    if (typeof value === 'object') expect(parse).toThrow(reason);
  });
});
