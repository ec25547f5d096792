import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PostVersion } from '@app/domain';
import { eventually } from '@app/testing/eventually';
import { ItemOnPlatform, ProviderConnection, PublishProvider, PublishRequest } from '../../../apps/publisher/src/providers/publish-provider';
import { PublishMessages } from '../../../apps/publisher/src/publish-post/publish-result';
import { FaultProxy } from './fault-proxy';
import { pngMedia, request, ScenarioTarget } from './provider-scenarios';
import { PublisherTablesOnSqlite } from './publisher-on-sqlite';

/** A post as the platform holds it: its id (as the provider reports it), its text, and the id of what it replies to. */
export interface PostOnPlatform {
  id: string;
  text: string;
  replyTo: string | null;
}

/** What the thread scenarios need beyond the scenarios of every provider: the platform's posts, with what each replies to. */
export interface ThreadTarget extends ScenarioTarget {
  threadOf(connection: ProviderConnection): Promise<PostOnPlatform[]>;
}

const threadOfTexts = (texts: string[]): PostVersion => ({ account_id: 0, is_original: true, content: texts.map((body) => ({ body, media: [] })), options: {} });

/** How long a platform may take to receive what a request sent. */
const RECEIVED_TIMEOUT = { timeoutMs: 10_000 };

/**
 * The provider of a process that dies while it publishes content item `index`: that call reaches
 * the platform (the proxy forwards it), and its answer never comes back to anyone.
 */
function diesWhilePublishing(provider: PublishProvider, index: number, proxy: FaultProxy, publishPath: RegExp, received: () => Promise<boolean>): PublishProvider {
  const dying = Object.create(provider) as PublishProvider;
  dying.publish = async (request: PublishRequest) => {
    if ((request.followUp?.index ?? 0) !== index) return provider.publish(request);
    proxy.failNext(publishPath, { hangAfterForward: true });
    void provider.publish(request).catch(() => undefined);
    await eventually(received, 'the platform to receive the item', RECEIVED_TIMEOUT);
    return new Promise(() => undefined);
  };
  return dying;
}

/** Each post replies to the one before it, the first to none: the platform holds the texts as one thread, in order. */
function expectThread(posts: PostOnPlatform[], texts: string[], ids?: string[]): void {
  const thread = texts.map((text) => posts.filter((post) => post.text === text));
  expect(thread.map((found) => found.length)).toEqual(texts.map(() => 1));
  expect(thread.map(([post]) => post.replyTo)).toEqual([null, ...thread.slice(0, -1).map(([post]) => post.id)]);
  if (ids) expect(thread.map(([post]) => post.id)).toEqual(ids);
}

/**
 * The scenarios of a provider that publishes a version's content items as a thread, against its
 * platform's server: through the publisher (a real journal on SQLite), each item a reply to the one
 * before; a reply with its own image; and a crash after the second of three items, after which the
 * publisher made again goes on with the third, replying to the second, and posts no item twice.
 */
export function threadScenarios(target: () => ThreadTarget): void {
  it('publishes a version’s content items as a thread: each a reply to the one before, the post at the first', async () => {
    const { provider, connection, threadOf } = target();
    const tables = await PublisherTablesOnSqlite.open();
    try {
      const account = await connection();
      await tables.keep(provider, account);
      const texts = [1, 2, 3].map((n) => `Thread, item ${n} ${randomUUID()}`);
      const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
      const snapshot = { id: account.accountId, provider: provider.name, name: 'Thread', username: null };

      const result = await tables.publisher(provider).publish(key, snapshot, [threadOfTexts(texts)]);

      expect(result).toMatchObject({ outcome: 'published', errors: [] });
      expect(result!.items).toHaveLength(3);
      expect({ externalId: result!.externalId, externalUrl: result!.externalUrl }).toEqual(result!.items[0]);
      expectThread(await threadOf(account), texts, result!.items.map((item) => item!.externalId));
    } finally {
      await tables.close();
    }
  });

  it('publishes a reply with its own image, after the item it follows', async () => {
    const { provider, connection, threadOf, publishedMedia, mediaServer } = target();
    const account = await connection();
    const texts = [`Before the image ${randomUUID()}`, `With an image ${randomUUID()}`];
    const first = await provider.publish(request(account, texts[0]));
    if (first.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(first)}`);
    const root: ItemOnPlatform = { externalId: first.externalId, externalUrl: first.externalUrl, reference: first.reference ?? null };
    // Served at a signed address where the platform fetches its media (Threads).
    const image = mediaServer ? await mediaServer.serve(pngMedia(40, 30)) : pngMedia(40, 30);

    const reply = await provider.publish({ ...request(account, texts[1], `${randomUUID()}:${account.accountId}:1`, [image]), followUp: { index: 1, root, parent: root } });

    expect(reply).toMatchObject({ kind: 'published', externalId: expect.any(String) });
    expectThread(await threadOf(account), texts);
    expect((await publishedMedia(account)).filter((post) => post.text === texts[1]).map((post) => post.files)).toEqual([[image.bytes]]);
  });

  it('goes on after a crash during the third of three items, replying to the second, and posts no item twice', async () => {
    const t = target();
    const { provider, proxy, publishPath, connection, threadOf } = t;
    const tables = await PublisherTablesOnSqlite.open();
    try {
      const account = await connection();
      await tables.keep(provider, account);
      const texts = [1, 2, 3].map((n) => `Cut off at item 3, item ${n} ${randomUUID()}`);
      const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
      const snapshot = { id: account.accountId, provider: provider.name, name: 'Crash', username: null };
      const version = threadOfTexts(texts);
      const received = async () => (await threadOf(account)).some((post) => post.text === texts[2]);

      // The first process holds the attempt briefly: once it is gone, the next one takes it over.
      let dead = false;
      void tables.publisher(diesWhilePublishing(provider, 2, proxy, publishPath, received), { attemptLeaseMs: 200 }, t.mediaServer ?? null, () => !dead).publish(key, snapshot, [version]);
      await eventually(received, 'the third item to reach the platform', RECEIVED_TIMEOUT);
      dead = true;
      await sleep(300);
      const result = await tables.publisher(provider).publish(key, snapshot, [version]);

      const posts = await threadOf(account);
      expectThread(posts, texts);
      const [first, second] = texts.map((text) => posts.find((post) => post.text === text)!.id);
      if (provider.crashRecovery === 'report_unknown') {
        expect(result).toMatchObject({ outcome: 'failed', errors: [PublishMessages.unknownItemOutcome(3)], items: [{ externalId: first }, { externalId: second }, null] });
      } else {
        expect(result).toMatchObject({ outcome: 'published', externalId: first, items: [{ externalId: first }, { externalId: second }, { externalId: expect.any(String) }] });
      }
    } finally {
      await tables.close();
    }
  });
}
