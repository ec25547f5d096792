import type { Post } from '@app/client';
import { eventually } from '@app/testing/eventually';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { LIFECYCLE_TIMEOUT_MS, ORIGINAL, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

const DAY_MS = 86_400_000;

/** Recycling: a published post with `recycle` is scheduled again as a post of its own. */
export const recyclingScenarios: Scenario[] = [
  { title: 'recycle is checked with the messages of a post body, and shown on the post (null when absent)', run: recycleValidation },
  { title: 'a published post with recycle {interval_days: 1, times: 3} has its first copy scheduled a day after its published_at, naming it in recycled_from', run: firstCopy },
];

async function recycleValidation({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Recycle validation');
  const account = await connectSandbox(admin, workspace);
  const refused = await admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], recycle: { interval_days: 0, times: 53, every: 2 } });
  expect({ status: refused.status, body: refused.body }).toEqual({
    status: 422,
    body: {
      message: 'Validation errors.',
      errors: {
        'recycle.every': ['The every field is not recognized.'],
        'recycle.interval_days': ['The interval_days field must be between 1 and 365.'],
        'recycle.times': ['The times field must be between 1 and 52.'],
      },
    },
  });
  const draft = await admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], recycle: { interval_days: 7, times: 2 } });
  expect({ status: draft.status, recycle: draft.body?.recycle, recycled_from: draft.body?.recycled_from }).toEqual({ status: 201, recycle: { interval_days: 7, times: 2 }, recycled_from: null });
  // An update that does not name recycle keeps it; null ends it.
  const kept = await admin.put(`/api/${workspace}/posts/${draft.body.uuid}`, { versions: [ORIGINAL], accounts: [account] });
  expect({ status: kept.status, recycle: kept.body?.recycle }).toEqual({ status: 200, recycle: { interval_days: 7, times: 2 } });
  const ended = await admin.put(`/api/${workspace}/posts/${draft.body.uuid}`, { versions: [ORIGINAL], accounts: [account], recycle: null });
  expect({ status: ended.status, recycle: ended.body?.recycle }).toEqual({ status: 200, recycle: null });
  const plain = await admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account] });
  expect({ recycle: plain.body?.recycle, recycled_from: plain.body?.recycled_from }).toEqual({ recycle: null, recycled_from: null });
}

async function firstCopy({ admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Recycling');
  const account = await connectSandbox(admin, workspace);
  const created = await admin.post(`/api/${workspace}/posts`, { versions: [ORIGINAL], accounts: [account], schedule_now: true, tags: ['evergreen'], recycle: { interval_days: 1, times: 3 } });
  expect({ status: created.status, recycle: created.body?.recycle }).toEqual({ status: 201, recycle: { interval_days: 1, times: 3 } });
  const origin = await waitForStatus(admin, workspace, created.body.uuid, 'published');

  const copy = await eventually(
    async () => {
      const list = await admin.get(`/api/${workspace}/posts?status=scheduled`);
      return (list.body?.data as Post[] | undefined)?.find((post) => post.recycled_from === origin.uuid);
    },
    `a scheduled copy of ${origin.uuid}`,
    within(LIFECYCLE_TIMEOUT_MS),
  );
  expect(copy.uuid).not.toBe(origin.uuid);
  expect(copy).toMatchObject({ status: 'scheduled', versions: origin.versions, tags: ['evergreen'], recycle: null, recycled_from: origin.uuid, published_at: null });
  expect(copy.accounts.map((each) => each.id)).toEqual([account]);
  expect(copy.scheduled_at).toBe(new Date(Date.parse(origin.published_at!) + DAY_MS).toISOString());
  expect((await admin.get(`/api/${workspace}/posts/${copy.uuid}`)).body).toMatchObject({ recycled_from: origin.uuid, scheduled_at: copy.scheduled_at });
  // One copy at a time: the next is made once this one is published.
  const list = await admin.get(`/api/${workspace}/posts`);
  expect((list.body.data as Post[]).filter((post) => post.recycled_from === origin.uuid)).toHaveLength(1);
  expect((await admin.delete(`/api/${workspace}/posts/${copy.uuid}`)).status).toBe(204);
}
