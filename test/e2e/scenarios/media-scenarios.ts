import { pngImage } from '@app/media-store/testing';
import { eventually } from '@app/testing/eventually';
import { approverWorkspace, connectSandbox, within } from '../support/fixtures';
import { LIFECYCLE_TIMEOUT_MS, ORIGINAL, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

/** Uploaded media through the whole service: the gateway writes them to the media store, the publisher reads them from it. */
export const mediaScenarios: Scenario[] = [
  { title: 'an image uploaded over the API is served back at its url, named by a post, read by the publisher from the media store; once published it may be deleted', run: imageThroughTheService },
  { title: 'the library tells which posts use a file (a draft too); a scheduled one keeps it from being deleted (409) until it drops it', run: whereUsed },
];

async function upload(system: ScenarioContext['system'], token: string, workspace: string): Promise<{ id: string; used_by: string[]; deletable: boolean }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngImage(8, 8, 1))], { type: 'image/png' }), 'dot.png');
  const answer = await fetch(`${system.baseUrl}/api/${workspace}/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(answer.status).toBe(201);
  return (await answer.json()) as { id: string; used_by: string[]; deletable: boolean };
}

async function whereUsed({ system, admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Where used');
  const account = await connectSandbox(admin, workspace, 'Library');
  const media = await upload(system, admin.token ?? '', workspace);
  expect([media.used_by, media.deletable]).toEqual([[], true]);
  const listed = async () => ((await admin.get(`/api/${workspace}/media`)).body.data as { id: string; used_by: string[]; deletable: boolean }[]).find((item) => item.id === media.id);
  const shows = (usedBy: string[], deletable: boolean) => async () => {
    const item = await listed();
    return JSON.stringify([item?.used_by, item?.deletable]) === JSON.stringify([usedBy, deletable]);
  };
  const versions = [{ ...ORIGINAL, content: [{ body: 'Draft with a picture', media: [media.id] }] }];
  const draft = await admin.post(`/api/${workspace}/posts`, { versions, accounts: [account] });
  await eventually(shows([draft.body.uuid], true), 'the draft to use the file', within(10_000));
  const later = await admin.post(`/api/${workspace}/posts`, { versions, accounts: [account], date: '2099-01-05', time: '10:00', schedule: true });
  expect([draft.status, draft.body.status, later.status, later.body.status]).toEqual([201, 'draft', 201, 'scheduled']);
  // Created, then scheduled: two events; the file is held once the second is applied.
  await eventually(shows([draft.body.uuid, later.body.uuid].sort(), false), 'the scheduled post to hold the file', within(10_000));
  expect(await admin.delete(`/api/${workspace}/media/${media.id}`)).toMatchObject({ status: 409, body: { message: 'The media is used by a scheduled post.' } });
  // The scheduled post drops it: only the draft uses it, and a draft does not keep it.
  const edited = await admin.put(`/api/${workspace}/posts/${later.body.uuid}`, { versions: [ORIGINAL], accounts: [account], date: '2099-01-05', time: '10:00', schedule: true });
  expect(edited.status).toBe(200);
  await eventually(shows([draft.body.uuid], true), 'only the draft to use the file', within(10_000));
  expect((await admin.delete(`/api/${workspace}/media/${media.id}`)).status).toBe(204);
}

async function imageThroughTheService({ system, admin }: ScenarioContext): Promise<void> {
  const workspace = await approverWorkspace(admin, 'Media');
  const account = await connectSandbox(admin, workspace, 'With media');
  const image = pngImage(96, 64, 3);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
  const authorization = `Bearer ${admin.token}`;
  const uploaded = await fetch(`${system.baseUrl}/api/${workspace}/media`, { method: 'POST', headers: { authorization }, body: form });
  const media = (await uploaded.json()) as { id: string; mime_type: string; size: number; width: number; height: number; url: string };
  expect({ status: uploaded.status, ...media }).toMatchObject({ status: 201, mime_type: 'image/png', size: image.length, width: 96, height: 64 });
  // Without PUBLIC_URL the url is a path on the API's own address.
  expect(media.url).toBe(`/api/${workspace}/media/${media.id}/file`);
  const fileUrl = new URL(media.url, system.baseUrl);
  const served = await fetch(fileUrl, { headers: { authorization } });
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);

  const versions = [{ ...ORIGINAL, content: [{ body: 'With an image', media: [media.id] }] }];
  const post = await admin.post(`/api/${workspace}/posts`, { versions, accounts: [account], schedule_now: true });
  expect(post.status).toBe(201);
  // The sandbox publishes only once the publisher has read the image from the media store.
  const published = await waitForStatus(admin, workspace, post.body.uuid, 'published', LIFECYCLE_TIMEOUT_MS);
  expect(published.versions[0].content[0].media).toEqual([media.id]);
  expect(published.accounts[0]).toMatchObject({ id: account, errors: [] });

  // Free again once the post is published (the gateway may still be reading that it is).
  await eventually(async () => ((await admin.delete(`/api/${workspace}/media/${media.id}`)).status === 204 ? true : null), 'the media to be deleted', within(10_000));
  expect((await fetch(fileUrl, { headers: { authorization } })).status).toBe(404);
  expect((await admin.get(`/api/${workspace}/media`)).body).toEqual({ data: [] });
}
