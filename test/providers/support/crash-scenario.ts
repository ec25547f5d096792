import { randomUUID } from 'node:crypto';
import { PublishMessages } from '../../../apps/publisher/src/publish-post/publish-result';
import { PublisherTablesOnSqlite } from './publisher-on-sqlite';
import type { ScenarioTarget } from './provider-scenarios';

/** A request of an asynchronous publish (create a container, upload a chunk, ask to publish), by its path. */
export interface AsyncStep {
  name: string;
  path: RegExp;
}

/**
 * A publisher that crashed mid-attempt: it journaled the attempt and its item, its request reached
 * the platform, and it died before the answer. The restarted publisher (a real journal and account
 * store on SQLite) meets the interrupted attempt and resolves it as the provider's
 * `crashRecovery` says; the platform holds the post once either way.
 */
export function crashScenario(target: () => ScenarioTarget, step: AsyncStep | null = null): void {
  const title = step ? `resumes an attempt cut off by a crash at ${step.name} from its journal, never posting twice` : 'resolves an attempt cut off by a crash as its crashRecovery says, never posting twice';
  it(title, async () => {
    const t = target();
    const { provider, proxy, connection, publishedTexts } = t;
    const publishPath = step?.path ?? t.publishPath;
    const tables = await PublisherTablesOnSqlite.open();
    try {
      const publisher = tables.publisher(provider, {}, t.mediaServer ?? null);
      const media = (await t.mediaOfEveryPost?.()) ?? [];
      const account = await connection();
      const stored = await tables.keep(provider, account);
      const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
      const text = `Cut off by a crash ${randomUUID()}`;
      const version = { account_id: 0, is_original: true, content: [{ body: text, media: media.map((file) => file.id) }], options: t.optionsOfEveryPost ?? {} };
      const snapshot = { id: account.accountId, provider: provider.name, name: 'Crash test', username: null };

      // Begun by a process that crashed during the call: its hold on the attempt has run out.
      expect(await tables.journal.begin(key, 0)).toEqual({ kind: 'new' });
      await tables.tables.db.insertInto('attempt_items').values({ post_uuid: key.postUuid, account_id: key.accountId, round: 1, item_index: 0, state: 'sending', external_id: null, external_url: null, reference: null, started_at: new Date(), finished_at: null }).execute();
      const firstAttemptAt = (await tables.journal.firstStartedAt(key.postUuid, key.accountId))!;
      proxy.failNext(publishPath, { hangAfterForward: true });
      await provider.publish({ idempotencyKey: `${key.postUuid}:${key.accountId}`, firstAttemptAt, account: snapshot, connection: stored, item: version.content[0], followUp: null, media, options: version.options, progress: tables.progress.of(key, 0) });

      const result = await publisher.publish(key, snapshot, [version]);
      if (provider.crashRecovery === 'report_unknown') {
        expect(result).toEqual({ outcome: 'failed', externalId: null, externalUrl: null, errors: [PublishMessages.unknownOutcome], items: [null] });
      } else {
        expect(result).toMatchObject({ outcome: 'published', externalId: expect.any(String), errors: [], items: [{ externalId: expect.any(String) }] });
      }
      expect((await publishedTexts(account)).filter((published) => published === text)).toHaveLength(1);
      expect(await publisher.publish(key, snapshot, [version])).toEqual(result);
    } finally {
      await tables.close();
    }
  });
}
