import { ServiceError } from '@app/contracts';
import { PostCommand, PostRuleViolation } from '@app/domain';
import {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  WrongExpectedRevisionError,
} from '@app/event-store';
import { PostCommandRunner } from './post-command-runner';

const POST = '0b6f7d8e-1c2a-4e3b-9f40-5a6b7c8d9e0f';
const WORKSPACE = '7e1d2c3b-4a59-4687-b9c0-d1e2f3a4b5c6';
const NOW = '2026-11-22T09:00:00.000Z';
const actor = { userId: 1, canApprove: true };
const input = {
  versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hi', media: [] }], options: {} }],
  accounts: [{ id: 11, provider: 'sandbox', name: 'A', username: null }],
  tags: [],
  intent: { kind: 'draft' as const },
};
const create: PostCommand = { type: 'CreatePost', postUuid: POST, workspaceUuid: WORKSPACE, actor, now: NOW, input };
const update: PostCommand = { type: 'UpdatePost', actor, now: NOW, input: { ...input, tags: ['new'] } };

/** One stream in memory; `interleave` runs before an append, as another writer would. */
class InMemoryStore implements Pick<EventStore, 'readStream' | 'appendToStream'> {
  readonly events: RecordedEvent[] = [];
  readonly expectations: ExpectedRevision[] = [];
  interleave: Array<() => void> = [];
  reads = 0;

  async readStream(): Promise<RecordedEvent[]> {
    this.reads += 1;
    return [...this.events];
  }

  async appendToStream(streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    this.expectations.push(expected);
    this.interleave.shift()?.();
    const actual = this.events.length === 0 ? 'no_stream' : this.events.length - 1;
    if (expected !== actual) throw new WrongExpectedRevisionError(streamId, expected, actual);
    for (const event of events) this.add(streamId, event);
    return { nextRevision: this.events.length - 1, position: this.events.length - 1 };
  }

  add(streamId: string, event: NewEvent): void {
    const revision = this.events.length;
    this.events.push({ ...event, streamId, revision, position: revision, metadata: event.metadata ?? {}, recordedAt: NOW });
  }
}

describe('PostCommandRunner', () => {
  let store: InMemoryStore;
  let runner: PostCommandRunner;

  beforeEach(() => {
    store = new InMemoryStore();
    runner = new PostCommandRunner(store as unknown as EventStore);
  });

  it('appends a new post to a stream that must not exist yet, with fresh event ids and the command in metadata', async () => {
    const outcome = await runner.run(POST, create, { causationId: 'req-1' });
    expect(store.expectations).toEqual(['no_stream']);
    expect(outcome).toMatchObject({ revision: 0, appended: 1, state: { exists: true, status: 'draft', revision: 0 } });
    expect(store.events[0]).toMatchObject({ streamId: `post-${POST}`, type: 'PostCreated', metadata: { commandType: 'CreatePost', causationId: 'req-1' } });
    expect(store.events[0].id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates a post without reading its stream, and decides on the stream when it exists after all', async () => {
    await runner.run(POST, create);
    expect(store.reads).toBe(0);
    // Another runner (another process, or this one after a restart) remembers nothing of the post.
    const other = new PostCommandRunner(store as unknown as EventStore);
    await expect(other.run(POST, create)).rejects.toBeInstanceOf(PostRuleViolation);
    expect(store.expectations).toEqual(['no_stream', 'no_stream']);
    expect(store.reads).toBe(1);
    expect(store.events).toHaveLength(1);
  });

  it('decides again on the new state when another writer got there first', async () => {
    await runner.run(POST, create);
    store.interleave.push(() => store.add(`post-${POST}`, { id: 'other', type: 'PostUpdated', data: { ...input, updatedBy: 2, at: NOW } }));
    const outcome = await runner.run(POST, update, { workspaceUuid: WORKSPACE });
    expect(store.expectations).toEqual(['no_stream', 0, 1]);
    expect(outcome).toMatchObject({ revision: 2, state: { tags: ['new'], revision: 2 } });
  });

  it('gives up with unavailable after two conflicts on the state read from the stream', async () => {
    await runner.run(POST, create);
    const otherWriter = () => store.add(`post-${POST}`, { id: 'other', type: 'PostUpdated', data: { ...input, updatedBy: 2, at: NOW } });
    // The first conflict is on the state remembered from the create, the next two on the stream's.
    store.interleave.push(otherWriter, otherWriter, otherWriter);
    const failure = runner.run(POST, update);
    await expect(failure).rejects.toBeInstanceOf(ServiceError);
    await expect(failure).rejects.toMatchObject({ kind: 'unavailable' });
    expect(store.events).toHaveLength(4);
  });

  it('decides the next command of a post on the state it left, without reading the stream', async () => {
    await runner.run(POST, create);
    const outcome = await runner.run(POST, update, { workspaceUuid: WORKSPACE });
    expect(store.reads).toBe(0);
    expect(store.expectations).toEqual(['no_stream', 0]);
    expect(outcome).toMatchObject({ revision: 1, appended: 1, state: { tags: ['new'], revision: 1 } });
  });

  it('decides again on the stream when the remembered state is stale: another runner deleted the post meanwhile', async () => {
    await runner.run(POST, create);
    const other = new PostCommandRunner(store as unknown as EventStore);
    await other.run(POST, { type: 'DeletePost', actor, now: NOW });
    // This runner still remembers the draft: its append fails, and the stream's state refuses the update.
    await expect(runner.run(POST, update)).rejects.toBeInstanceOf(PostRuleViolation);
    expect(store.expectations).toEqual(['no_stream', 0, 0]);
    expect(store.events.map((event) => event.type)).toEqual(['PostCreated', 'PostDeleted']);
  });

  it('checks the revision a caller read the post at against the stream it appends to: of two writers who read revision 0, one passes', async () => {
    await runner.run(POST, create);
    const otherReplica = new PostCommandRunner(store as unknown as EventStore);
    const readAtFirst: PostCommand = { ...update, expectedRevisions: [0] };
    await otherReplica.run(POST, readAtFirst, { workspaceUuid: WORKSPACE });
    // This runner remembers revision 0, where the check passes: the append at 0 fails, and the stream's revision 1 refuses it.
    await expect(runner.run(POST, readAtFirst, { workspaceUuid: WORKSPACE })).rejects.toMatchObject({ code: 'PostChanged' });
    expect(store.expectations).toEqual(['no_stream', 0, 0]);
    expect(store.events.map((event) => event.type)).toEqual(['PostCreated', 'PostUpdated']);
  });

  it('refuses a write decided at the revision read when another writer appends before it does', async () => {
    await runner.run(POST, create);
    const fresh = new PostCommandRunner(store as unknown as EventStore);
    store.interleave.push(() => store.add(`post-${POST}`, { id: 'other', type: 'PostUpdated', data: { ...input, updatedBy: 2, at: NOW } }));
    await expect(fresh.run(POST, { type: 'DeletePost', actor, now: NOW, expectedRevisions: [0] })).rejects.toMatchObject({ code: 'PostChanged' });
    expect(store.expectations).toEqual(['no_stream', 0]);
  });

  it('refuses only on the stream: a rule violation on the remembered state is checked against the stream before it is thrown', async () => {
    await runner.run(POST, create);
    await expect(runner.run(POST, create)).rejects.toBeInstanceOf(PostRuleViolation);
    expect(store.reads).toBe(1);
  });

  it('treats a post of another workspace as not found, without deciding', async () => {
    await runner.run(POST, create);
    const failure = runner.run(POST, update, { workspaceUuid: '11111111-2222-4333-8444-555555555555' });
    await expect(failure).rejects.toMatchObject({ kind: 'not_found', message: 'Post not found.' });
    expect(store.expectations).toEqual(['no_stream']);
  });

  it('lets rule violations through for the caller to map', async () => {
    await expect(runner.run(POST, update)).rejects.toBeInstanceOf(PostRuleViolation);
  });

  it('appends nothing for a command the decider ignores', async () => {
    await runner.run(POST, create);
    const outcome = await runner.run(POST, { type: 'StartPublishing', scheduledRevision: 5, now: NOW });
    expect(outcome).toMatchObject({ appended: 0, revision: 0 });
    expect(store.expectations).toEqual(['no_stream']);
    // Ignored on the remembered state, then on the stream's, which alone may say so.
    expect(store.reads).toBe(1);
  });
});
