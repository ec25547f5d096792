import { eventually } from '@app/testing/eventually';
import { EventStore, RecordedEvent, WrongExpectedRevisionError } from '../event-store.port';
import type { EventStoreFixture } from './event-store.contract';
import { newEvent, newStreamId } from './test-helpers';

async function conflictOf(append: Promise<unknown>): Promise<WrongExpectedRevisionError> {
  const error = await append.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  return error as WrongExpectedRevisionError;
}

/** Position of a fresh marker event: everything a test appends afterwards comes after it. */
async function head(store: EventStore): Promise<number> {
  return (await store.appendToStream(newStreamId(), [newEvent('Marker')], 'no_stream')).position;
}

async function readAllAfter(store: EventStore, after: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (let page = await store.readAll(after, 100); page.length > 0; page = await store.readAll(after, 100)) {
    events.push(...page);
    after = page[page.length - 1].position;
  }
  return events;
}

export function appendAndReadContract(fixture: () => EventStoreFixture): void {
  const store = (): EventStore => fixture().store;

  describe('append and read a stream', () => {
    it('stores events with revisions from 0 and reads them back in order', async () => {
      const streamId = newStreamId();
      const created = newEvent('PostCreated', { text: 'hello', tags: ['a'], n: 1 }, { correlationId: 'c-1' });
      const updated = newEvent('PostUpdated', { text: 'hello again' });

      const first = await store().appendToStream(streamId, [created, updated], 'no_stream');
      const second = await store().appendToStream(streamId, [newEvent('PostDeleted', null)], 1);

      expect(first.nextRevision).toBe(1);
      expect(second.nextRevision).toBe(2);
      expect(second.position).toBeGreaterThan(first.position);
      const events = await store().readStream(streamId);
      expect(events.map((event) => [event.revision, event.type])).toEqual([
        [0, 'PostCreated'],
        [1, 'PostUpdated'],
        [2, 'PostDeleted'],
      ]);
      expect(events[0]).toEqual({
        id: created.id,
        streamId,
        revision: 0,
        position: expect.any(Number),
        type: 'PostCreated',
        data: { text: 'hello', tags: ['a'], n: 1 },
        metadata: { correlationId: 'c-1' },
        recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      });
      expect(events[1].metadata).toEqual({});
      expect(events[2].data).toBeNull();
      expect(events[1].position).toBe(first.position);
      expect(events[2].position).toBe(second.position);
      expect(events[0].position).toBeLessThan(events[1].position);
    });

    it('reads a stream that does not exist as empty', async () => {
      expect(await store().readStream(newStreamId())).toEqual([]);
    });

    it('keeps streams apart', async () => {
      const a = newStreamId();
      const b = newStreamId();
      await store().appendToStream(a, [newEvent('A0')], 'no_stream');
      await store().appendToStream(b, [newEvent('B0'), newEvent('B1')], 'no_stream');
      await store().appendToStream(a, [newEvent('A1')], 0);
      expect((await store().readStream(a)).map((event) => event.type)).toEqual(['A0', 'A1']);
      expect((await store().readStream(b)).map((event) => event.type)).toEqual(['B0', 'B1']);
    });
  });

  describe('expected revision', () => {
    it("'no_stream' fails on an existing stream and reports its revision", async () => {
      const streamId = newStreamId();
      await store().appendToStream(streamId, [newEvent('PostCreated')], 'no_stream');
      const error = await conflictOf(store().appendToStream(streamId, [newEvent('PostCreated')], 'no_stream'));
      expect(error).toMatchObject({ streamId, expected: 'no_stream', actual: 0 });
      expect(error.message).toContain(streamId);
      expect(await store().readStream(streamId)).toHaveLength(1);
    });

    it('a number must equal the revision of the last event', async () => {
      const streamId = newStreamId();
      await store().appendToStream(streamId, [newEvent('E0'), newEvent('E1')], 'no_stream');
      expect(await conflictOf(store().appendToStream(streamId, [newEvent('E2')], 0))).toMatchObject({
        streamId,
        expected: 0,
        actual: 1,
      });
      expect(await conflictOf(store().appendToStream(streamId, [newEvent('E2')], 2))).toMatchObject({ expected: 2, actual: 1 });
      expect((await store().appendToStream(streamId, [newEvent('E2')], 1)).nextRevision).toBe(2);
      expect((await store().readStream(streamId)).map((event) => event.type)).toEqual(['E0', 'E1', 'E2']);
    });

    it('a number fails on a stream that does not exist', async () => {
      const streamId = newStreamId();
      expect(await conflictOf(store().appendToStream(streamId, [newEvent('E0')], 0))).toMatchObject({
        streamId,
        expected: 0,
        actual: 'no_stream',
      });
      expect(await store().readStream(streamId)).toEqual([]);
    });

    it("'any' appends to a new and to an existing stream", async () => {
      const streamId = newStreamId();
      expect((await store().appendToStream(streamId, [newEvent('E0')], 'any')).nextRevision).toBe(0);
      expect((await store().appendToStream(streamId, [newEvent('E1'), newEvent('E2')], 'any')).nextRevision).toBe(2);
      expect((await store().readStream(streamId)).map((event) => event.revision)).toEqual([0, 1, 2]);
    });

    it('lets exactly one of several concurrent appends with the same expected revision win', async () => {
      for (let round = 0; round < 10; round++) {
        const streamId = newStreamId();
        await store().appendToStream(streamId, [newEvent('Created')], 'no_stream');
        const contenders = [store(), fixture().otherProcessStore, store(), fixture().otherProcessStore];
        const results = await Promise.allSettled(
          contenders.map((contender, index) => contender.appendToStream(streamId, [newEvent(`Edit${index}`)], 0)),
        );
        const won = results.filter((result) => result.status === 'fulfilled');
        const lost = results.filter((result) => result.status === 'rejected');
        expect(won).toHaveLength(1);
        for (const result of lost) {
          expect(result.reason).toBeInstanceOf(WrongExpectedRevisionError);
          expect(result.reason).toMatchObject({ expected: 0, actual: 1 });
        }
        expect((await store().readStream(streamId)).map((event) => event.revision)).toEqual([0, 1]);
      }
    });
  });

  describe('readAll', () => {
    it('returns events of all streams in append order and pages by position', async () => {
      const start = await head(store());
      const a = newStreamId();
      const b = newStreamId();
      await store().appendToStream(a, [newEvent('A0'), newEvent('A1')], 'no_stream');
      await store().appendToStream(b, [newEvent('B0')], 'no_stream');
      await store().appendToStream(a, [newEvent('A2')], 1);
      await store().appendToStream(b, [newEvent('B1'), newEvent('B2')], 0);

      const all = await store().readAll(start, 100);
      expect(all.map((event) => event.type)).toEqual(['A0', 'A1', 'B0', 'A2', 'B1', 'B2']);
      for (let i = 1; i < all.length; i++) expect(all[i].position).toBeGreaterThan(all[i - 1].position);

      const paged: RecordedEvent[] = [];
      for (let after = start, page = await store().readAll(after, 4); page.length > 0; page = await store().readAll(after, 4)) {
        expect(page.length).toBeLessThanOrEqual(4);
        paged.push(...page);
        after = page[page.length - 1].position;
      }
      expect(paged).toEqual(all);
      expect(await store().readAll(all[all.length - 1].position, 10)).toEqual([]);
      expect(await store().readAll(all[1].position, 2)).toEqual(all.slice(2, 4));
    });

    it('never shows a later position before an earlier one under concurrent appends', async () => {
      const start = await head(store());
      const seen: RecordedEvent[] = [];
      const subscription = fixture().otherProcessStore.subscribeToAll(start, async (event) => {
        seen.push(event);
      });
      try {
        const writers = Array.from({ length: 8 }, (_, writer) =>
          (async () => {
            const writerStore = writer % 2 === 0 ? store() : fixture().otherProcessStore;
            const streamId = newStreamId();
            for (let revision = 0; revision < 15; revision++) {
              await writerStore.appendToStream(streamId, [newEvent(`W${writer}`)], revision === 0 ? 'no_stream' : revision - 1);
            }
          })(),
        );
        await Promise.all(writers);
        const stored = await readAllAfter(store(), start);
        expect(stored).toHaveLength(120);
        const last = stored[stored.length - 1].position;
        await eventually(() => seen.at(-1)?.position === last, 'the subscriber to reach the last event', { timeoutMs: 10_000 });
        expect(seen.map((event) => event.position)).toEqual(stored.map((event) => event.position));
      } finally {
        await subscription.stop();
      }
    });
  });
}
