import { pngImage } from '@app/media-samples';
import { approverWorkspace, connectSandbox, eventually } from '../support/fixtures';
import { LIFECYCLE_TIMEOUT_MS, ORIGINAL, waitForStatus } from './lifecycle-fixtures';
import { Scenario, ScenarioContext } from './scenario';

/** Uploaded media through the whole service: the gateway writes them to the media store, the publisher reads them from it. */
export const mediaScenarios: Scenario[] = [
  { title: 'an image uploaded over the API is served back at its url, named by a post, read by the publisher from the media store; once published it may be deleted', run: imageThroughTheService },
];

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
  await eventually(async () => ((await admin.delete(`/api/${workspace}/media/${media.id}`)).status === 204 ? true : null), 10_000, 'the media to be deleted');
  expect((await fetch(fileUrl, { headers: { authorization } })).status).toBe(404);
  expect((await admin.get(`/api/${workspace}/media`)).body).toEqual({ data: [] });
}
