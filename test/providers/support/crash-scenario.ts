import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMediaStore } from '@app/media-store';
import { migrateSchema, openSqliteDatabase } from '@app/persistence';
import { InProcessMessageBus } from '@app/messaging';
import { SecretBox } from '@app/security';
import { AccountStore } from '../../../apps/publisher/src/accounts/account-store';
import { LostAuthorizationReporter } from '../../../apps/publisher/src/accounts/report-lost-authorization/lost-authorization.reporter';
import { ProviderRegistry } from '../../../apps/publisher/src/providers/provider-registry';
import { AccountPublisher } from '../../../apps/publisher/src/publish-post/account-publisher';
import { AttemptJournal } from '../../../apps/publisher/src/publish-post/attempt-journal';
import { DeferredAttempts } from '../../../apps/publisher/src/publish-post/deferred-attempts';
import { PublishMessages } from '../../../apps/publisher/src/publish-post/publish-result';
import { VersionMedia } from '../../../apps/publisher/src/publish-post/version-media';
import { PUBLISHER_SCHEMA, PublisherTables, publisherMigrations } from '../../../apps/publisher/src/publisher-migrations';
import { defaultPublisherOptions } from '../../../apps/publisher/src/publisher-options';
import type { ScenarioTarget } from './provider-scenarios';

/**
 * A publisher that crashed mid-attempt: it journaled the attempt, its request reached the
 * platform, and it died before the answer. The restarted publisher (a real journal and account
 * store on SQLite) meets the interrupted attempt and resolves it as the provider's
 * `crashRecovery` says; the platform holds the post once either way.
 */
export function crashScenario(target: () => ScenarioTarget): void {
  it('resolves an attempt cut off by a crash as its crashRecovery says, never posting twice', async () => {
    const { provider, proxy, publishPath, connection, publishedTexts } = target();
    Logger.overrideLogger(['error']);
    const database = openSqliteDatabase();
    try {
      const schema = database.forSchema<PublisherTables>(PUBLISHER_SCHEMA);
      await migrateSchema(schema, publisherMigrations);
      const journal = new AttemptJournal(schema);
      const accounts = new AccountStore(schema, new SecretBox('crash-scenario'));
      const publisher = new AccountPublisher(journal, new DeferredAttempts(schema), accounts, new ProviderRegistry([provider]), new LostAuthorizationReporter(new InProcessMessageBus(database)), new VersionMedia(new FileMediaStore(mkdtempSync(join(tmpdir(), 'crash-media-')))), { ...defaultPublisherOptions, maxRetries: 2, maxRetryDelayMs: 50 });
      const account = await connection();
      await accounts.save(
        { accountId: account.accountId, workspaceUuid: randomUUID(), provider: provider.name, settings: account.settings, credentials: account.credentials },
        await account.session.load(),
      );
      const stored = { ...account, session: accounts.sessionOf(account.accountId) };
      const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
      const text = `Cut off by a crash ${randomUUID()}`;
      const version = { account_id: 0, is_original: true, content: [{ body: text, media: [] }], options: {} };
      const snapshot = { id: account.accountId, provider: provider.name, name: 'Crash test', username: null };

      // Begun by a process that crashed during the call: its hold on the attempt has run out.
      expect(await journal.begin(key, 0)).toEqual({ kind: 'new' });
      const firstAttemptAt = (await journal.firstStartedAt(key.postUuid, key.accountId))!;
      proxy.failNext(publishPath, { hangAfterForward: true });
      await provider.publish({ idempotencyKey: `${key.postUuid}:${key.accountId}`, firstAttemptAt, account: snapshot, connection: stored, version, media: [] });

      const result = await publisher.publish(key, snapshot, [version]);
      if (provider.crashRecovery === 'report_unknown') {
        expect(result).toEqual({ outcome: 'failed', externalId: null, externalUrl: null, errors: [PublishMessages.unknownOutcome] });
      } else {
        expect(result).toMatchObject({ outcome: 'published', externalId: expect.any(String), errors: [] });
      }
      expect((await publishedTexts(account)).filter((published) => published === text)).toHaveLength(1);
      expect(await publisher.publish(key, snapshot, [version])).toEqual(result);
    } finally {
      await database.close();
    }
  });
}
