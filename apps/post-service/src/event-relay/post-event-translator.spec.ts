import { decodePostEventMessage, PostEventMessage } from '@app/contracts';
import { decide, foldPost, PostEvent } from '@app/domain';
import { accountA, accountB, approver, content, createPost, ev, LATER, member, POST_UUID, publishResult, T0, WORKSPACE_UUID } from '@app/domain/testing';
import type { EventStore, RecordedEvent } from '@app/event-store';
import { RecentPostStates } from '../command-handling/recent-post-states';
import { toPostEvent } from '../command-handling/post-event-codec';
import { PostEventTranslator } from './post-event-translator';

/** A post's stream as the store would give it back. */
function stored(events: PostEvent[], streamId = `post-${POST_UUID}`): RecordedEvent[] {
  return events.map((event, revision) => ({
    id: `00000000-0000-4000-8000-${String(revision).padStart(12, '0')}`,
    streamId,
    revision,
    position: 100 + revision,
    type: event.type,
    data: event.data,
    metadata: {},
    recordedAt: '2026-11-22T09:00:00.500Z',
  }));
}

function storeHolding(records: RecordedEvent[]): EventStore & { reads: number } {
  const store = {
    reads: 0,
    readStream: async (streamId: string) => {
      store.reads++;
      return records.filter((record) => record.streamId === streamId);
    },
  };
  return store as unknown as EventStore & { reads: number };
}

async function translateAll(records: RecordedEvent[], translator = new PostEventTranslator(storeHolding(records))): Promise<PostEventMessage[]> {
  const messages: PostEventMessage[] = [];
  for (const record of records) {
    const relayed = await translator.toRelayedMessage(record);
    messages.push(decodePostEventMessage(relayed!.value));
  }
  return messages;
}

/** A post created by a member, sent for approval, approved, published to one account and failed on the other. */
function history(): PostEvent[] {
  let events = decide(createPost(member, content({ kind: 'schedule', scheduledAt: LATER }), T0), foldPost([]));
  const approve = decide({ type: 'ApprovePost', actor: approver, now: T0 }, foldPost(events));
  events = [...events, ...approve];
  const start = decide({ type: 'StartPublishing', scheduledRevision: events.length - 1, now: LATER }, foldPost(events));
  events = [...events, ...start];
  events = [...events, ...decide(publishResult(accountA.id, 'published'), foldPost(events))];
  return [...events, ...decide(publishResult(accountB.id, 'failed'), foldPost(events))];
}

describe('PostEventTranslator', () => {
  it('gives every event its public name and the post as it is after the event, keyed by the post', async () => {
    const records = stored(history());
    const messages = await translateAll(records);
    expect(messages.map((message) => [message.type, message.revision, message.post.status])).toEqual([
      ['post.created', 0, 'draft'],
      ['post.approval_requested', 1, 'needs_approval'],
      ['post.approved', 2, 'scheduled'],
      ['post.scheduled', 3, 'scheduled'],
      ['post.publishing_started', 4, 'publishing'],
      ['post.account_published', 5, 'publishing'],
      ['post.account_failed', 6, 'publishing'],
      ['post.failed', 7, 'failed'],
    ]);
    expect(messages.every((message) => message.version === 1 && message.postUuid === POST_UUID && message.workspaceUuid === WORKSPACE_UUID)).toBe(true);
    expect(messages[2].post.scheduled_at).toBe(LATER);
    const failed = messages[7];
    expect(failed.post.accounts).toEqual([
      expect.objectContaining({ id: accountA.id, external_url: `https://example.test/${accountA.id}`, errors: [] }),
      expect.objectContaining({ id: accountB.id, external_url: null, errors: ['Provider refused the post.'] }),
    ]);
    expect(messages[4]).toMatchObject({ type: 'post.publishing_started', accountIds: [accountA.id, accountB.id] });
    expect(messages[6]).toMatchObject({ type: 'post.account_failed', accountId: accountB.id });
  });

  it('puts the id and the public name in the headers and takes the time the aggregate recorded', async () => {
    const records = stored([ev.created(content(), T0)]);
    const relayed = await new PostEventTranslator(storeHolding(records)).toRelayedMessage(records[0]);
    expect(relayed).toMatchObject({ topic: 'post-events', key: POST_UUID, headers: { 'event-id': records[0].id, 'event-type': 'post.created' } });
    expect((relayed!.value as PostEventMessage).occurredAt).toBe(T0);
  });

  it('reads the stream only for a post it has not followed since the start (after a restart)', async () => {
    const records = stored(history());
    const store = storeHolding(records);
    await translateAll(records, new PostEventTranslator(store));
    expect(store.reads).toBe(0);
    const restarted = new PostEventTranslator(store);
    const fromTheMiddle = await translateAll(records.slice(5), restarted);
    expect(store.reads).toBe(1);
    expect(fromTheMiddle.map((message) => message.post.status)).toEqual(['publishing', 'publishing', 'failed']);
  });

  it('translates from the states the command path left, also when it has run ahead of the relay', async () => {
    const records = stored(history());
    const store = storeHolding(records);
    const states = new RecentPostStates();
    // The command path kept the state after each event it appended, and is already at the last.
    records.forEach((_, revision) => states.remember(records[0].streamId, foldPost(records.slice(0, revision + 1).map(toPostEvent))));
    const relayed = await translateAll(records.slice(-3), new PostEventTranslator(store, states));
    expect(store.reads).toBe(0);
    expect(relayed).toEqual((await translateAll(records)).slice(-3));
  });

  it('marks a deleted post and skips what is not a post event', async () => {
    const records = stored([ev.created(), { type: 'PostDeleted', data: { deletedBy: 1, at: T0 } }]);
    const messages = await translateAll(records);
    expect(messages.map((message) => [message.type, message.deleted])).toEqual([['post.created', false], ['post.deleted', true]]);
    const translator = new PostEventTranslator(storeHolding([]));
    expect(await translator.toRelayedMessage({ ...records[0], streamId: 'timer-1' })).toBeNull();
    expect(await translator.toRelayedMessage({ ...records[0], type: 'SomethingElse' })).toBeNull();
  });
});
