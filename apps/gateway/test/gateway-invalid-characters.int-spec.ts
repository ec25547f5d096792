import { testEngines } from '@app/persistence/testing';
import { ServicesBehindGateway } from './services-behind-gateway';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

const invalid = (...fields: string[]) => ({
  status: 422,
  body: { message: 'Validation errors.', errors: Object.fromEntries(fields.map((field) => [field, [`The ${field.split('.').pop()} field contains invalid characters.`]])) },
});

/**
 * Text no database can store (PostgreSQL refuses a NUL, and an unpaired surrogate in JSON) is a
 * 422 under its field on every body the gateway stores or relays, on both engines: on PostgreSQL
 * these were 500s.
 */
describe.each(testEngines)('gateway: invalid characters in stored text (%s)', (_, open) => {
  let gateway: GatewayTestApp;
  let dispose: () => Promise<void>;
  let workspace: string;

  beforeAll(async () => {
    const engine = await open();
    dispose = engine.dispose;
    gateway = await startGatewayTestApp({}, { database: engine.database, services: new ServicesBehindGateway() });
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Characters' } })).body.uuid;
  });
  afterAll(async () => {
    await gateway?.close();
    await dispose?.();
  });

  it('a NUL in a workspace name: 422 under name', async () => {
    expect(await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Acme\u0000' } })).toMatchObject(invalid('name'));
  });

  it('a NUL in a user name, an unpaired surrogate or a NUL in an email: 422 under each field, nothing stored', async () => {
    expect(await gateway.call('POST', '/api/panel/users', { body: { name: 'Ada\u0000', email: 'ada@example.com' } })).toMatchObject(invalid('name'));
    expect(await gateway.call('POST', '/api/panel/users', { body: { name: 'Ada', email: 'ada\ud800@example.com' } })).toMatchObject(invalid('email'));
    expect(await gateway.call('POST', '/api/panel/users', { body: { name: '\ud800', email: 'a\u0000@example.com' } })).toMatchObject(invalid('name', 'email'));
    const users = await gateway.tables.db.selectFrom('users').select('email').execute();
    expect(users.map((user) => user.email)).not.toContain('ada@example.com');
  });

  it('a NUL in a token name: 422 under name', async () => {
    const user = (await gateway.call('POST', '/api/panel/users', { body: { name: 'Bea', email: 'bea@example.com' } })).body;
    expect(await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 'ci\u0000' } })).toMatchObject(invalid('name'));
  });

  it('an account name, username or a setting with invalid characters: 422 under each, and the publisher is not asked', async () => {
    const before = gateway.services.calls.length;
    const body = { provider: 'sandbox', name: 'Box\u0000', username: '\udfff', settings: { outcome: 'success', note: 'a\u0000' } };
    expect(await gateway.call('POST', `/api/${workspace}/accounts`, { body })).toMatchObject(invalid('name', 'username', 'settings.note'));
    expect(gateway.services.calls.length).toBe(before);
  });

  it('a field with invalid characters is reported for them alone, with the other fields; unknown fields are still ignored', async () => {
    const answer = await gateway.call('POST', '/api/panel/users', { body: { name: `${'x'.repeat(256)}\u0000`, email: 'not-an-email', colour: '\u0000' } });
    expect(answer).toMatchObject({
      status: 422,
      body: { errors: { name: ['The name field contains invalid characters.'], email: ['The email field must be a valid email address.'] } },
    });
    expect(Object.keys(answer.body.errors).sort()).toEqual(['email', 'name']);
  });
});
