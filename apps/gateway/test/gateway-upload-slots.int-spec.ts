import { readdir } from 'node:fs/promises';
import { pngImage } from '@app/media-store/testing';
import { eventually } from '@app/testing/eventually';
import { adminWorkspace, BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { startUpload, UploadInProgress } from './multipart-upload';

jest.setTimeout(30_000);

/**
 * One member's slow uploads never take every upload slot of the process: a user holds at most half
 * of MEDIA_UPLOADS_MAX_CONCURRENT (4 here, so 2), and another user still uploads meanwhile.
 */
describe('gateway: upload slots per user (SQLite, MEDIA_UPLOADS_MAX_CONCURRENT=4)', () => {
  let gateway: GatewayTestApp;
  let path: string;
  let memberToken: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp({ MEDIA_UPLOADS_MAX_CONCURRENT: '4' });
    const workspace = await adminWorkspace(gateway, 'Shared uploads');
    path = `/api/${workspace}/media`;
    const member = await gateway.call('POST', '/api/panel/users', { body: { name: 'Member', email: 'member@example.com' } });
    memberToken = (await gateway.call('POST', `/api/panel/users/${member.body.id}/tokens`, { body: { name: 'uploads' } })).body.token;
    await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: member.body.id, role: 'member' } });
  });
  afterAll(() => gateway?.dispose());

  const temporaryFiles = async () => (await readdir(gateway.mediaFolder).catch(() => [])).filter((name) => name.endsWith('.tmp'));
  const image = pngImage(16, 16);
  /** An upload that sends the start of the file and then waits (a slow client). */
  const slowUpload = (token: string): UploadInProgress => startUpload(gateway.url, path, token, image.subarray(0, 20));
  const uploadAtOnce = (token: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(image)]), 'image.png');
    return gateway.call('POST', path, { token, form });
  };

  it("answers one more upload of a user who holds half of the slots 429 with Retry-After, and still takes another user's", async () => {
    const held = [slowUpload(BOOTSTRAP_ADMIN_TOKEN), slowUpload(BOOTSTRAP_ADMIN_TOKEN)];
    await eventually(async () => (await temporaryFiles()).length === 2, "the admin's two uploads to be received");

    const refused = await uploadAtOnce(BOOTSTRAP_ADMIN_TOKEN);
    expect(refused).toMatchObject({ status: 429, body: { message: 'Too many uploads at once; try again shortly.' } });
    expect(refused.headers.get('retry-after')).toBe('1');

    expect((await uploadAtOnce(memberToken)).status).toBe(201);

    for (const upload of held) upload.finish(image.subarray(20));
    expect(await Promise.all(held.map(async (upload) => (await upload.answer).status))).toEqual([201, 201]);
    expect((await uploadAtOnce(BOOTSTRAP_ADMIN_TOKEN)).status).toBe(201);
  });
});
