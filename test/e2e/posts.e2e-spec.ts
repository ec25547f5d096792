import { eventually } from '@app/testing/eventually';
import { ApiClient } from './support/api-client';
import { addMember, approverWorkspace, connectSandbox, createUser, validation, within } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(120_000);

const original = { account_id: 0, is_original: true, content: [{ body: 'Hello from the e2e suite', media: [] }], options: {} };

describe('creating and changing posts (the built service)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let workspace: string;
  let account: number;
  let foreignAccount: number;
  const posts = (suffix = '') => `/api/${workspace}/posts${suffix}`;

  beforeAll(async () => {
    service = await startService();
    admin = new ApiClient(service.baseUrl, service.adminToken);
    workspace = await approverWorkspace(admin, 'Acme');
    account = await connectSandbox(admin, workspace);
    const other = await approverWorkspace(admin, 'Other');
    foreignAccount = await connectSandbox(admin, other);
  });
  afterAll(() => service?.dispose());

  it.each([
    ['no versions', {}, { versions: ['The versions field is required.'] }],
    ['empty versions', { versions: [] }, { versions: ['The versions field is required.'] }],
    [
      'no original version',
      { versions: [{ is_original: false, content: [] }] },
      {
        versions: ['At least one version with is_original: true is required.'],
        'versions.0.is_original': ['The is_original field must be true for the first version.'],
      },
    ],
    [
      'a first version that is not the original',
      { versions: [{ ...original, is_original: false, account_id: 0 }, original] },
      { 'versions.0.is_original': ['The is_original field must be true for the first version.'] },
    ],
    ['two originals', { versions: [original, original] }, { versions: ['Only one version can have is_original: true.'] }],
    ['a date not in Y-m-d', { versions: [original], date: '22/11/2030' }, { date: ['The date does not match the format Y-m-d.'] }],
    ['a date that is not a day', { versions: [original], date: '2030-02-30' }, { date: ['The date does not match the format Y-m-d.'] }],
    ['a time not in H:i', { versions: [original], time: '9am' }, { time: ['The time does not match the format H:i.'] }],
    ['an account of another workspace', () => ({ versions: [original], accounts: [account, foreignAccount] }), { 'accounts.1': ['The selected account is invalid.'] }],
    ['an account that does not exist', { versions: [original], accounts: [987654] }, { 'accounts.0': ['The selected account is invalid.'] }],
    [
      'schedule without accounts',
      { versions: [original], schedule: true, date: '2030-01-01', time: '10:00' },
      { accounts: ['The accounts field is required when scheduling.'] },
    ],
    ['schedule_now without accounts', { versions: [original], schedule_now: true }, { accounts: ['The accounts field is required when scheduling.'] }],
    ['schedule without a date', () => ({ versions: [original], accounts: [account], schedule: true }), { date: ['The date field is required when scheduling.'] }],
    [
      'schedule in the past',
      () => ({ versions: [original], accounts: [account], schedule: true, date: '2020-01-01', time: '10:00' }),
      { date: ['The scheduled time must be in the future.'] },
    ],
    [
      'schedule in the past by scheduled_at',
      () => ({ versions: [original], accounts: [account], schedule: true, scheduled_at: '2020-01-01T10:00:00+02:00' }),
      { date: ['The scheduled time must be in the future.'] },
    ],
    ['an unknown timezone', { versions: [original], timezone: 'Moon/Base' }, { timezone: ['The timezone field must be a valid timezone.'] }],
  ])('POST posts with %s: 422 under its key', async (_, body, errors) => {
    const answer = await admin.post(posts(), typeof body === 'function' ? body() : body);
    expect({ status: answer.status, body: answer.body }).toEqual(validation(errors));
  });

  it('POST posts reports every failing field at once', async () => {
    const answer = await admin.post(posts(), { versions: [{ is_original: false }], accounts: [foreignAccount], date: 'x', time: 'y', schedule: true });
    expect(answer).toMatchObject(
      validation({
        versions: ['At least one version with is_original: true is required.'],
        'versions.0.is_original': ['The is_original field must be true for the first version.'],
        'accounts.0': ['The selected account is invalid.'],
        date: ['The date does not match the format Y-m-d.'],
        time: ['The time does not match the format H:i.'],
      }),
    );
  });

  it('400 for a body that is not JSON', async () => {
    for (const [rawBody, type] of [
      ['{"versions": [', 'application/json'],
      ['versions=1', 'application/x-www-form-urlencoded'],
      ['just text', 'text/plain'],
    ]) {
      const answer = await admin.call('POST', posts(), { rawBody, headers: { 'content-type': type } });
      expect({ rawBody, status: answer.status, message: typeof answer.body?.message }).toEqual({ rawBody, status: 400, message: 'string' });
    }
  });

  it('201 draft Post with every field of the resource', async () => {
    const created = await admin.post(posts(), { versions: [original], accounts: [account], tags: ['launch'] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'draft',
      versions: [original],
      accounts: [{ id: account, provider: 'sandbox', name: 'Sandbox', username: 'sandbox', external_url: null, errors: [], status: 'pending', published_at: null, items: [null] }],
      tags: ['launch'],
      scheduled_at: null,
      published_at: null,
      recycle: null,
      recycled_from: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      revision: 0,
      actions: { edit: true, delete: true, approve: false, retry: false, move: true },
    });
    expect(created.headers.get('etag')).toBe('"0"');
    expect(await admin.get(posts(`/${created.body.uuid}`))).toMatchObject({ status: 200, body: { uuid: created.body.uuid, status: 'draft' } });
  });

  it('201 scheduled Post at date + time in a time zone', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const created = await admin.post(posts(), { versions: [original], accounts: [account], schedule: true, date: `${year}-07-01`, time: '10:00', timezone: 'Europe/Paris' });
    expect(created).toMatchObject({ status: 201, body: { status: 'scheduled', scheduled_at: `${year}-07-01T08:00:00.000Z` } });
  });

  it('a member without can_approve asks for approval; the approver approves', async () => {
    const member = await createUser(admin, 'writer@example.com');
    await addMember(admin, workspace, member.id, 'member');
    const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await member.api.post(posts(), { versions: [original], accounts: [account], schedule: true, scheduled_at: scheduledAt });
    expect(created).toMatchObject({ status: 201, body: { status: 'needs_approval' } });
    expect((await member.api.post(posts(`/${created.body.uuid}/approve`))).status).toBe(403);
    expect(await admin.post(posts(`/${created.body.uuid}/approve`))).toMatchObject({ status: 200, body: { status: 'scheduled' } });
    expect((await admin.post(posts(`/${created.body.uuid}/approve`))).status).toBe(400);
  });

  it('PUT replaces a post; DELETE is 204 and the post is then 404 {"message":"Post not found."}', async () => {
    const created = (await admin.post(posts(), { versions: [original] })).body;
    const updated = await admin.put(posts(`/${created.uuid}`), { versions: [original], tags: ['edited'] });
    expect(updated).toMatchObject({ status: 200, body: { uuid: created.uuid, tags: ['edited'], status: 'draft' } });
    expect(await admin.delete(posts(`/${created.uuid}`))).toMatchObject({ status: 204, body: null });
    await eventually(async () => (await admin.get(posts(`/${created.uuid}`))).status === 404, 'the deleted post to be gone', within(10_000));
    expect(await admin.get(posts(`/${created.uuid}`))).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
    expect(await admin.delete(posts(`/${created.uuid}`))).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
    expect(await admin.get(posts('/6f1c3a52-7a0e-4c55-9d57-2b1f6d9a0c99'))).toMatchObject({ status: 404, body: { message: 'Post not found.' } });
  });

  it('a published post: PUT and DELETE are 400 with the contract message', async () => {
    const created = (await admin.post(posts(), { versions: [original], accounts: [account], schedule_now: true })).body;
    const published = await eventually(
      async () => {
        const post = await admin.get(posts(`/${created.uuid}`));
        return post.body.status === 'published' ? post.body : null;
      },
      'the post to be published',
      within(30_000),
    );
    expect(published.published_at).toMatch(/Z$/);
    const message = 'A published post cannot be edited or deleted. Create a new post instead.';
    expect(await admin.put(posts(`/${created.uuid}`), { versions: [original] })).toMatchObject({ status: 400, body: { message } });
    expect(await admin.delete(posts(`/${created.uuid}`))).toMatchObject({ status: 400, body: { message } });
  });

  it('GET posts pages with meta; bad query values are 422', async () => {
    const page = await admin.get(posts('?status=draft&page=1&limit=2'));
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ page: 1, limit: 2, total: expect.any(Number) });
    expect(page.body.data.every((post: { status: string }) => post.status === 'draft')).toBe(true);
    expect((await admin.get(posts('?limit=101'))).status).toBe(422);
    expect((await admin.get(posts('?page=zero'))).status).toBe(422);
    expect((await admin.get(posts('?status=nope'))).status).toBe(422);
  });
});
