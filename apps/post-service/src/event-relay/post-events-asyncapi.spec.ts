import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { POST_EVENT_MESSAGE_VERSION, POST_EVENT_NAMES, PostEventMessage } from '@app/contracts';
import { decide, foldPost, PostEvent } from '@app/domain';
import { accountA, accountB, approver, content, createPost, LATER, member, publishResult, T0 } from '@app/domain/testing';
import type { EventStore, RecordedEvent } from '@app/event-store';
import { PostEventTranslator } from './post-event-translator';

/** docs/asyncapi.yaml, the description downstream readers of `post-events` rely on. */
const asyncapi = parse(readFileSync(join(__dirname, '../../../../docs/asyncapi.yaml'), 'utf8')) as {
  components: { schemas: Record<string, { properties: Record<string, { enum?: string[]; const?: unknown }> }> };
};

/** Every kind of event a post can go through: created, edited, sent for approval, approved, published, failed, deleted. */
function everyKindOfEvent(): PostEvent[] {
  let events = decide(createPost(member, content({ kind: 'schedule', scheduledAt: LATER }), T0), foldPost([]));
  const then = (command: Parameters<typeof decide>[0]) => (events = [...events, ...decide(command, foldPost(events))]);
  then({ type: 'UpdatePost', actor: member, now: T0, input: content({ kind: 'schedule', scheduledAt: LATER }) });
  then({ type: 'ApprovePost', actor: approver, now: T0 });
  then({ type: 'StartPublishing', scheduledRevision: events.length - 1, now: LATER });
  then(publishResult(accountA.id, 'published'));
  then(publishResult(accountB.id, 'failed'));
  then({ type: 'UpdatePost', actor: approver, now: LATER, input: content({ kind: 'schedule_now' }) });
  then({ type: 'StartPublishing', scheduledRevision: events.length - 1, now: LATER });
  then(publishResult(accountA.id, 'published'));
  then(publishResult(accountB.id, 'published'));
  const metrics = { impressions: null, likes: 3, replies: 1, reposts: 0, quotes: null, saves: null, clicks: null, views: 12 };
  then({ type: 'RecordMetrics', now: LATER, accountId: accountA.id, point: '60m', metrics, collectedAt: LATER });
  return events;
}

async function translated(events: PostEvent[]): Promise<PostEventMessage[]> {
  const records: RecordedEvent[] = events.map((event, revision) => ({
    id: `00000000-0000-4000-8000-${String(revision).padStart(12, '0')}`,
    streamId: 'post-5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f',
    revision,
    position: revision,
    type: event.type,
    data: event.data,
    metadata: {},
    recordedAt: T0,
  }));
  const translator = new PostEventTranslator({ readStream: async () => records } as unknown as EventStore);
  const messages: PostEventMessage[] = [];
  for (const record of records) messages.push((await translator.toRelayedMessage(record))!.value as PostEventMessage);
  return messages;
}

describe('docs/asyncapi.yaml describes the post-events messages the code sends', () => {
  const ajv = new Ajv({ strict: false, allErrors: true })
    .addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/)
    .addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  ajv.addSchema({ components: asyncapi.components }, 'asyncapi');
  const validate = ajv.getSchema('asyncapi#/components/schemas/PostEventMessage')!;

  it('names every message type and the version of the code', () => {
    const { schemas } = asyncapi.components;
    expect([...schemas.PostEventMessage.properties.type.enum!].sort()).toEqual([...POST_EVENT_NAMES].sort());
    const variants = ['PostChangedMessage', 'PostPublishingStartedMessage', 'PostAccountResultMessage', 'PostMetricsUpdatedMessage'];
    for (const variant of variants) expect(schemas[variant].properties.version.const).toBe(POST_EVENT_MESSAGE_VERSION);
  });

  it('accepts every message of a whole lifecycle, and nothing the schema does not document', async () => {
    const messages = await translated(everyKindOfEvent());
    const deleted = await translated([everyKindOfEvent()[0], { type: 'PostDeleted', data: { deletedBy: 1, at: T0 } }]);
    const all = [...messages, ...deleted];
    expect(new Set(all.map((message) => message.type))).toEqual(new Set(POST_EVENT_NAMES));
    for (const message of all) {
      const valid = validate(message);
      expect({ type: message.type, errors: valid ? null : validate.errors }).toEqual({ type: message.type, errors: null });
    }
  });

  it('refuses a message with a field it does not document, or without one it requires', async () => {
    const [created] = await translated(everyKindOfEvent().slice(0, 1));
    expect(validate({ ...created, extra: true })).toBe(false);
    const { revision: _revision, ...withoutRevision } = created;
    expect(validate(withoutRevision)).toBe(false);
    expect(validate({ ...created, type: 'post.publishing_started' })).toBe(false);
    expect(validate({ ...created, occurredAt: '2026-11-22 09:00' })).toBe(false);
  });
});
