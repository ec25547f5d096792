import { ApiClient } from '../support/api-client';
import { approverWorkspace, connectSandbox, validation } from '../support/fixtures';
import { secondsAhead, withOffset } from './lifecycle-fixtures';
import { queuedWorkspace, slotsAfter } from './queue-scenarios';
import { Scenario, ScenarioContext } from './scenario';

/** `POST posts/import`: CSV or a JSON array, a dry run, then all rows or none. */
export const importScenarios: Scenario[] = [
  {
    title: 'a CSV import (a byte order mark, quoted commas, quotes and line breaks) creates its rows in order: a draft, a scheduled post, and queued rows in consecutive free slots; sent again with its key, nothing twice',
    run: csvImport,
  },
  {
    title: 'a JSON import: the dry run reports each row\'s errors with the messages of POST posts and creates nothing; one bad row refuses the whole import under rows.N.<column>; fixed, every row is created',
    run: jsonImportAllOrNone,
  },
  { title: 'an import of 500 rows of long texts (over 1 MiB) fits and is checked; 501 rows are refused with a clear message, and so is a body that is no table', run: importLimits },
];

const statusAndBody = ({ status, body }: { status: number; body: unknown }) => ({ status, body });

async function postCount(admin: ApiClient, workspace: string): Promise<number> {
  return (await admin.get(`/api/${workspace}/posts`)).body.meta.total;
}

const csv = (text: string) => ({ rawBody: text, headers: { 'content-type': 'text/csv' } });

async function csvImport({ admin }: ScenarioContext): Promise<void> {
  const { workspace, account } = await queuedWorkspace(admin, 'Import CSV');
  const second = await connectSandbox(admin, workspace, 'Second');
  const at = new Date(secondsAhead(86_400).getTime() + 17 * 60_000);
  const table =
    '\uFEFFtext,accounts,scheduled_at,queue,tags\r\n' +
    `"Spring sale, day one: ""50%"" off\nall week",${account},,,sale|spring\r\n` +
    `Scheduled,${account}|${second},${withOffset(at, 120)},,\r\n` +
    `First queued,${account},,true,\r\n` +
    `Second queued,${second},,TRUE,\r\n`;

  const before = Date.now();
  const imported = await admin.call('POST', `/api/${workspace}/posts/import`, { ...csv(table), headers: { ...csv(table).headers, 'idempotency-key': 'spring-import' } });
  const after = Date.now();
  expect(imported.status).toBe(201);
  const posts = imported.body.data as Array<{ uuid: string; status: string; scheduled_at: string | null; tags: string[]; versions: Array<{ content: Array<{ body: string }> }>; accounts: Array<{ id: number }> }>;
  expect(posts.map((post) => [post.versions[0].content[0].body, post.status, post.accounts.map((each) => each.id), post.tags])).toEqual([
    ['Spring sale, day one: "50%" off\nall week', 'draft', [account], ['sale', 'spring']],
    ['Scheduled', 'scheduled', [account, second], []],
    ['First queued', 'scheduled', [account], []],
    ['Second queued', 'scheduled', [second], []],
  ]);
  expect(posts[1].scheduled_at).toBe(at.toISOString());
  expect([slotsAfter(before, 2), slotsAfter(after, 2)]).toContainEqual(posts.slice(2).map((post) => post.scheduled_at));
  for (const post of posts) expect((await admin.get(`/api/${workspace}/posts/${post.uuid}`)).body.status).toBe(post.status);

  const again = await admin.call('POST', `/api/${workspace}/posts/import`, { ...csv(table), headers: { ...csv(table).headers, 'idempotency-key': 'spring-import' } });
  expect({ status: again.status, replayed: again.headers.get('idempotent-replayed'), uuids: again.body.data.map((post: { uuid: string }) => post.uuid) }).toEqual({
    status: 201,
    replayed: 'true',
    uuids: posts.map((post) => post.uuid),
  });
  expect(await postCount(admin, workspace)).toBe(4);

  // A CSV that cannot be read is refused as a whole.
  const unclosed = await admin.call('POST', `/api/${workspace}/posts/import`, csv('text,accounts\n"Hello,1\n'));
  expect(statusAndBody(unclosed)).toEqual(validation({ rows: ['The CSV has a quoted field that is not closed.'] }));
}

async function jsonImportAllOrNone({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Import JSON');
  const account = await connectSandbox(admin, workspace);
  const at = withOffset(secondsAhead(7_200), -300);
  const rows = [
    { text: 'Fine', accounts: [account], scheduled_at: at },
    { text: 'Unknown account', accounts: `${account}|999999` },
    { text: '', accounts: String(account), queue: 'maybe' },
    { text: 'Too late', accounts: [account], scheduled_at: '2020-01-01T10:00:00+02:00', colour: 'red' },
    { text: 'Unknown media', accounts: [account], media: '00000000-0000-4000-8000-000000000000' },
  ];
  const rowErrors = [
    {},
    { accounts: ['The selected account is invalid.'] },
    { text: ['The text field is required.'], queue: ['The queue field must be true or false.'] },
    { colour: ['The colour field is not recognized.'], scheduled_at: ['The scheduled time must be in the future.'] },
    { media: ['The selected media is invalid.'] },
  ];

  const dryRun = await admin.post(`/api/${workspace}/posts/import?dry_run=true`, rows);
  expect(statusAndBody(dryRun)).toEqual({ status: 200, body: { valid: false, rows: rowErrors.map((errors, row) => ({ row, errors })) } });

  const refused = await admin.post(`/api/${workspace}/posts/import`, rows);
  const keyed = Object.fromEntries(rowErrors.flatMap((errors, row) => Object.entries(errors).map(([column, messages]) => [`rows.${row}.${column}`, messages])));
  expect(statusAndBody(refused)).toEqual(validation(keyed));
  expect(await postCount(admin, workspace)).toBe(0);

  const fixed = [rows[0], { text: 'Known account', accounts: [account], tags: ['a', 'b'] }];
  expect(statusAndBody(await admin.post(`/api/${workspace}/posts/import?dry_run=true`, fixed))).toEqual({ status: 200, body: { valid: true, rows: [{ row: 0, errors: {} }, { row: 1, errors: {} }] } });
  expect(await postCount(admin, workspace)).toBe(0);
  const created = await admin.post(`/api/${workspace}/posts/import`, fixed);
  expect(created.status).toBe(201);
  expect(created.body.data.map((post: { status: string; tags: string[]; actions: { edit: boolean } }) => [post.status, post.tags, post.actions.edit])).toEqual([
    ['scheduled', [], true],
    ['draft', ['a', 'b'], true],
  ]);
  expect(await postCount(admin, workspace)).toBe(2);
}

async function importLimits({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Import limits');
  const account = await connectSandbox(admin, workspace);
  const longText = `"${'A long post, with commas, that fills the table. '.repeat(60)}"`;
  const table = (count: number) => `text,accounts\n${Array.from({ length: count }, () => `${longText},${account}`).join('\n')}\n`;
  // Over the 1 MiB of the other routes' bodies: an import takes up to 4 MiB.
  expect(Buffer.byteLength(table(500))).toBeGreaterThan(1_100_000);

  const fits = await admin.call('POST', `/api/${workspace}/posts/import?dry_run=true`, csv(table(500)));
  expect({ status: fits.status, valid: fits.body?.valid, rows: fits.body?.rows?.length }).toEqual({ status: 200, valid: true, rows: 500 });
  const tooMany = await admin.call('POST', `/api/${workspace}/posts/import`, csv(table(501)));
  expect(statusAndBody(tooMany)).toEqual(validation({ rows: ['An import takes at most 500 rows; this one has 501. Split it into several imports.'] }));
  const tooManyJson = await admin.post(`/api/${workspace}/posts/import`, Array.from({ length: 501 }, () => ({ text: 'x', accounts: [account] })));
  expect(statusAndBody(tooManyJson)).toEqual(validation({ rows: ['An import takes at most 500 rows; this one has 501. Split it into several imports.'] }));
  const notATable = await admin.post(`/api/${workspace}/posts/import`, { text: 'x', accounts: [account] });
  expect(statusAndBody(notATable)).toEqual(
    validation({ rows: ['The import must be a JSON array of rows, or CSV with a header row sent as Content-Type: text/csv.'] }),
  );
  expect(await postCount(admin, workspace)).toBe(0);
}
