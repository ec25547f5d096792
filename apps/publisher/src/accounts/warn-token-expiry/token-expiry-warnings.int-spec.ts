import { randomUUID } from 'node:crypto';
import { loadConfig } from '@app/config';
import { AccountTokenExpiringEvent } from '@app/contracts';
import { MessageBus, OutgoingMessage } from '@app/messaging';
import { SchemaDatabase } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { SecretBox } from '@app/security';
import { PUBLISHER_SCHEMA, PublisherTables, publisherMigrations } from '../../publisher-migrations';
import { AccountCredentialStore } from '../account-credential-store';
import { TokenExpiryWarnings } from './token-expiry-warnings';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-24T12:00:00Z');
const inDays = (days: number, from = NOW) => from.getTime() + days * DAY_MS;

/** A bus that keeps what the warnings send, and can be told to fail once (the broker away). */
class KeptMessages {
  readonly sent: AccountTokenExpiringEvent[] = [];
  failNext = false;
  readonly bus = {
    publish: async (_topic: string, messages: readonly OutgoingMessage[]) => {
      if (this.failNext) {
        this.failNext = false;
        throw new Error('broker unavailable');
      }
      this.sent.push(...messages.map((message) => message.value as AccountTokenExpiringEvent));
    },
  } as unknown as MessageBus;
}

/** The announcement of tokens that cannot be refreshed, on both engines, with the clock given to each look. */
describe.each(testEngines)('TokenExpiryWarnings on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<PublisherTables>;
  let accounts: AccountCredentialStore;
  let kept: KeptMessages;
  let warnings: TokenExpiryWarnings;
  let nextId = 1;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<PublisherTables>(open, PUBLISHER_SCHEMA, publisherMigrations));
    accounts = new AccountCredentialStore(database, new SecretBox('test'));
  });
  afterAll(() => dispose());
  beforeEach(async () => {
    await database.db.deleteFrom('accounts').execute();
    kept = new KeptMessages();
    warnings = new TokenExpiryWarnings(database, kept.bus, loadConfig({ ACCOUNT_EXPIRY_WARNING_DAYS: '7' }));
  });

  /** An OAuth account connected with these tokens; its id. */
  const connect = async (session: Record<string, unknown> | null, accountId = nextId++) => {
    await accounts.save({ accountId, workspaceUuid: randomUUID(), provider: 'linkedin', settings: {}, credentials: {} }, session);
    return accountId;
  };

  it('announces once each token without a refresh token that expires within the warning days, with its expiry', async () => {
    const soon = await connect({ access_token: 'a', refresh_token: null, expires_at: inDays(3) });
    await connect({ access_token: 'b', refresh_token: 'r', expires_at: inDays(1) });
    const later = await connect({ access_token: 'c', expires_at: inDays(10) });
    await connect({ access_token: 'd', expires_at: inDays(-1) });
    await connect({ access_token: 'e' });
    await connect(null);

    expect(await warnings.warnDue(NOW)).toBe(1);
    expect(kept.sent).toEqual([
      expect.objectContaining({ type: 'AccountTokenExpiring', accountId: soon, provider: 'linkedin', expiresAt: new Date(inDays(3)).toISOString(), at: NOW.toISOString() }),
    ]);
    expect(await warnings.warnDue(new Date(inDays(1)))).toBe(0);

    // Four days on, the other token comes within the warning days.
    expect(await warnings.warnDue(new Date(inDays(4)))).toBe(1);
    expect(kept.sent.map((message) => message.accountId)).toEqual([soon, later]);
  });

  it('announces a token refreshed into one that cannot be refreshed, and none that a refresh renews', async () => {
    const account = await connect({ access_token: 'a', refresh_token: 'r', expires_at: inDays(2) });
    expect(await warnings.warnDue(NOW)).toBe(0);
    await accounts.sessionOf(account).save({ access_token: 'a2', expires_at: inDays(5) });
    expect(await warnings.warnDue(NOW)).toBe(1);
  });

  it('tries again at the next look when the message could not be sent, and sends it with the same id when its mark was lost', async () => {
    const account = await connect({ access_token: 'a', expires_at: inDays(2) });
    kept.failNext = true;
    await expect(warnings.warnDue(NOW)).rejects.toThrow('broker unavailable');
    expect(await warnings.warnDue(NOW)).toBe(1);

    // A crash between the message and its mark: the next look sends the same message id, which its readers know.
    await database.db.updateTable('accounts').set({ expiry_warned_for: null }).where('account_id', '=', account).execute();
    expect(await warnings.warnDue(new Date(NOW.getTime() + 3_600_000))).toBe(1);
    expect(kept.sent).toHaveLength(2);
    expect(kept.sent[1].eventId).toBe(kept.sent[0].eventId);
  });

  it('announces again after a reconnect with a new token, and looks at one account when told', async () => {
    const account = await connect({ access_token: 'a', expires_at: inDays(2) });
    const other = await connect({ access_token: 'b', expires_at: inDays(2) });
    expect(await warnings.warnDue(NOW, account)).toBe(1);
    expect(kept.sent.map((message) => message.accountId)).toEqual([account]);

    await connect({ access_token: 'a2', expires_at: inDays(6) }, account);
    expect(await warnings.warnDue(NOW)).toBe(2);
    expect(kept.sent.map((message) => message.accountId).sort()).toEqual([account, account, other].sort());
    const [first, again] = kept.sent.filter((message) => message.accountId === account);
    expect(again.eventId).not.toBe(first.eventId);
    expect(again.expiresAt).toBe(new Date(inDays(6)).toISOString());
  });

  it('announces nothing when ACCOUNT_EXPIRY_WARNING_DAYS is 0', async () => {
    await connect({ access_token: 'a', expires_at: inDays(1) });
    const never = new TokenExpiryWarnings(database, kept.bus, loadConfig({ ACCOUNT_EXPIRY_WARNING_DAYS: '0' }));
    expect(await never.warnDue(NOW)).toBe(0);
  });
});
