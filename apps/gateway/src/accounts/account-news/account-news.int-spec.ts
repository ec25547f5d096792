import { randomUUID } from 'node:crypto';
import type { AccountRegistryEvent } from '@app/contracts';
import type { MessageBus, OutgoingMessage } from '@app/messaging';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { AccountStore } from '../account-store';
import { AccountNews } from './account-news';

/** A broker that takes messages, or refuses them while `down`. */
class RecordingBus {
  down = false;
  readonly sent: AccountRegistryEvent[] = [];
  async publish(_topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    if (this.down) throw new Error('broker away');
    this.sent.push(...messages.map((message) => message.value as AccountRegistryEvent));
  }
}

/** Account news on both engines: written with the change it tells, sent once the broker takes it, kept until then. */
describe.each(testEngines)('AccountNews on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let bus: RecordingBus;
  let news: AccountNews;
  let accounts: AccountStore;
  const workspace = randomUUID();

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
    await database.db.insertInto('workspaces').values({ uuid: workspace, name: 'W', created_at: new Date() }).execute();
    accounts = new AccountStore(database);
  });
  beforeEach(() => {
    bus = new RecordingBus();
    news = new AccountNews(database, bus as unknown as MessageBus);
  });
  afterAll(() => dispose());

  const reserve = (name: string) => accounts.reserve({ workspaceUuid: workspace, provider: 'sandbox', name, username: name.toLowerCase() });
  const pending = async () => (await database.db.selectFrom('account_news').select('id').execute()).length;

  it('writes the news with the change and sends it in order; what was sent is not sent again', async () => {
    const first = await reserve('First');
    const second = await reserve('Second');
    await accounts.connected(first, true, undefined, undefined, news.of('AccountConnected'));
    await accounts.connected(second, true, undefined, undefined, news.of('AccountConnected'));
    await accounts.markDeleted(workspace, first, news.of('AccountDisconnected'));
    expect(await pending()).toBe(3);

    await news.sendPending();
    expect(bus.sent.map(({ type, accountId, workspaceUuid, name }) => ({ type, accountId, workspaceUuid, name }))).toEqual([
      { type: 'AccountConnected', accountId: first, workspaceUuid: workspace, name: 'First' },
      { type: 'AccountConnected', accountId: second, workspaceUuid: workspace, name: 'Second' },
      { type: 'AccountDisconnected', accountId: first, workspaceUuid: workspace, name: 'First' },
    ]);
    expect(await pending()).toBe(0);
    await news.sendPending();
    expect(bus.sent).toHaveLength(3);
  });

  it('keeps the news while the broker is away, and sends it, with the same event id, once it is back', async () => {
    const account = await reserve('Patient');
    await accounts.connected(account, true, undefined, undefined, news.of('AccountConnected'));
    bus.down = true;
    await news.sendPending();
    expect(await pending()).toBe(1);
    const stored = await database.db.selectFrom('account_news').select('message').executeTakeFirstOrThrow();

    bus.down = false;
    await news.sendPending();
    expect(bus.sent).toEqual([database.dialect.readJson(stored.message)]);
    expect(await pending()).toBe(0);
  });

  it('tells nothing of a change that did not happen: removing an account removed already writes no news', async () => {
    const account = await reserve('Once');
    await accounts.connected(account, true);
    expect(await accounts.markDeleted(workspace, account, news.of('AccountDisconnected'))).toBe(true);
    expect(await accounts.markDeleted(workspace, account, news.of('AccountDisconnected'))).toBe(false);
    await news.sendPending();
    expect(bus.sent.map((message) => message.type)).toEqual(['AccountDisconnected']);
  });
});
