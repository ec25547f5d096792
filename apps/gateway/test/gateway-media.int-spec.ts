import { randomUUID } from 'node:crypto';
import { PostEventName, PostStatus, Topics } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { readMediaBytes } from '@app/media-store';
import { mediaFixture, mp4Start, pngImage } from '@app/media-store/testing';
import { eventuallyPasses } from '@app/testing/eventually';
import { BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { rawRequest, uploadWithHeaders } from './multipart-upload';

jest.setTimeout(30_000);

const form = (bytes: Buffer, name = 'upload.bin', type = 'application/octet-stream', field = 'file'): FormData => {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
};

/** The media API over HTTP: uploads read by their bytes, the files served to members, media ids in post bodies, deletion. */
describe('gateway: media (SQLite, files in a temporary folder)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let otherWorkspace: string;
  let viewer: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp({ MEDIA_MAX_BYTES: String(200_000), PUBLIC_URL: 'https://social.example/' });
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Acme' } })).body.uuid;
    otherWorkspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Other' } })).body.uuid;
    const user = (await gateway.call('POST', '/api/panel/users', { body: { name: 'Vi', email: 'vi@example.com' } })).body;
    viewer = (await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 't' } })).body.token;
    await gateway.call('POST', `/api/panel/workspaces/${workspace}/members`, { body: { user_id: user.id, role: 'viewer' } });
  });
  afterAll(() => gateway?.dispose());

  const upload = (bytes: Buffer, options: { name?: string; type?: string; token?: string | null; workspaceUuid?: string; headers?: Record<string, string> } = {}) =>
    gateway.call('POST', `/api/${options.workspaceUuid ?? workspace}/media`, { form: form(bytes, options.name, options.type), token: options.token, headers: options.headers });

  it('uploads a PNG: 201 with the size read from its header, and its url serves the bytes to members', async () => {
    const png = pngImage(120, 80);
    const answer = await upload(png, { name: 'photo.png', type: 'image/png' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mime_type: 'image/png',
      size: png.length,
      width: 120,
      height: 80,
      url: `https://social.example/api/${workspace}/media/${answer.body.id}/file`,
      created_at: expect.stringMatching(/Z$/),
      used_by: [],
      deletable: true,
    });
    const fileUrl = `${gateway.url}${new URL(answer.body.url).pathname}`;
    const file = await fetch(fileUrl, { headers: { authorization: `Bearer ${viewer}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-length')).toBe(String(png.length));
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(fileUrl)).status).toBe(401);
    expect((await gateway.call('GET', `/api/${otherWorkspace}/media/${answer.body.id}/file`)).body).toEqual({ message: 'Media not found.' });
    expect(await readMediaBytes(gateway.media, answer.body.id)).toEqual({ id: answer.body.id, mimeType: 'image/png', width: 120, height: 80, bytes: png });
  });

  it('builds media urls on PUBLIC_URL, never on the Host or X-Forwarded-Host the client sends', async () => {
    const forged = { authorization: `Bearer ${BOOTSTRAP_ADMIN_TOKEN}`, host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' };
    const uploaded = await uploadWithHeaders(gateway.url, `/api/${workspace}/media`, forged, pngImage(6, 5));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.url).toBe(`https://social.example/api/${workspace}/media/${uploaded.body.id}/file`);
    const listed = await rawRequest(gateway.url, 'GET', `/api/${workspace}/media`, forged);
    expect(listed.body.data.find((media: { id: string }) => media.id === uploaded.body.id).url).toBe(uploaded.body.url);
  });

  it.each([
    ['photo.jpg', 'image/jpeg', 40, 30],
    ['logo.gif', 'image/gif', 33, 21],
    ['lossy.webp', 'image/webp', 37, 23],
    ['lossless.webp', 'image/webp', 37, 23],
  ] as const)('reads %s as %s of %i x %i', async (name, mimeType, width, height) => {
    expect((await upload(mediaFixture(name), { name })).body).toMatchObject({ mime_type: mimeType, width, height });
  });

  it('takes an MP4 without a size', async () => {
    expect((await upload(mp4Start(), { name: 'clip.mp4', type: 'video/mp4' })).body).toMatchObject({ mime_type: 'video/mp4', width: null, height: null });
  });

  it('goes by the bytes: a PNG sent as image/jpeg is a PNG, a script sent as image/png is refused', async () => {
    expect((await upload(pngImage(2, 2), { name: 'x.jpg', type: 'image/jpeg' })).body.mime_type).toBe('image/png');
    const refused = await upload(Buffer.from('<svg onload="alert(1)"/>'), { name: 'x.png', type: 'image/png' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: 'Validation errors.', errors: { file: ['The file field must be a file of type: png, jpeg, gif, webp, mp4.'] } });
  });

  it('refuses a file over MEDIA_MAX_BYTES with 413, and a body without a file part with 422', async () => {
    const tooLarge = await upload(Buffer.concat([pngImage(10, 10), Buffer.alloc(200_001)]));
    expect(tooLarge).toMatchObject({ status: 413, body: { message: 'The file must not be greater than 200000 bytes.' } });
    const noFile = await gateway.call('POST', `/api/${workspace}/media`, { form: form(pngImage(2, 2), 'x.png', 'image/png', 'picture') });
    expect(noFile).toMatchObject({ status: 422, body: { errors: { file: ['The file field is required.'] } } });
    const json = await gateway.call('POST', `/api/${workspace}/media`, { body: { file: 'iVBORw0KGgo=' } });
    expect(json).toMatchObject({ status: 422, body: { errors: { file: ['The file field is required.'] } } });
    // Other routes still read every body as JSON.
    expect((await gateway.call('POST', `/api/${workspace}/posts`, { form: form(pngImage(2, 2)) })).status).toBe(400);
  });

  it('lets viewers read but not upload; a workspace the caller is not in is not found', async () => {
    expect((await upload(pngImage(2, 2), { token: viewer })).status).toBe(403);
    expect((await gateway.call('GET', `/api/${workspace}/media`, { token: viewer })).status).toBe(200);
    expect((await upload(pngImage(2, 2), { token: viewer, workspaceUuid: otherWorkspace })).status).toBe(404);
    expect((await upload(pngImage(2, 2), { token: null })).status).toBe(401);
  });

  it('lists the workspace’s media, newest first, and no other workspace’s', async () => {
    const other = (await upload(pngImage(3, 3), { workspaceUuid: otherWorkspace })).body;
    // Creation times are kept to the millisecond.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newest = (await upload(pngImage(4, 4))).body;
    const listed = (await gateway.call('GET', `/api/${workspace}/media`)).body.data as Array<{ id: string }>;
    expect(listed[0]).toEqual(newest);
    expect(listed.map((media) => media.id)).not.toContain(other.id);
  });

  it('answers the first upload again for the same Idempotency-Key and file, 422 for another file', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const first = await upload(pngImage(5, 5), { headers });
    const again = await upload(pngImage(5, 5), { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await upload(pngImage(6, 6), { headers })).body).toEqual({ message: 'The idempotency key was already used with another request.' });
  });

  it('refuses a post naming media the workspace does not have, under each id’s key', async () => {
    const mine = (await upload(pngImage(7, 7))).body.id;
    const theirs = (await upload(pngImage(7, 7), { workspaceUuid: otherWorkspace })).body.id;
    const body = { versions: [{ account_id: 0, is_original: true, content: [{ body: 'Look', media: [mine, theirs, 'not-an-id', randomUUID()] }] }] };
    const refused = await gateway.call('POST', `/api/${workspace}/posts`, { body });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'versions.0.content.0.media.1': ['The selected media is invalid.'],
      'versions.0.content.0.media.2': ['The selected media is invalid.'],
      'versions.0.content.0.media.3': ['The selected media is invalid.'],
    });
    const created = await gateway.call('POST', `/api/${workspace}/posts`, { body: { versions: [{ ...body.versions[0], content: [{ body: 'Look', media: [mine] }] }] } });
    expect(created.status).toBe(201);
    expect(created.body.versions[0].content[0].media).toEqual([mine]);
  });

  it('deletes media no scheduled post uses; a scheduled post’s media answer 409 until it is published', async () => {
    const unused = (await upload(pngImage(8, 8))).body;
    expect((await gateway.call('DELETE', `/api/${workspace}/media/${unused.id}`)).status).toBe(204);
    expect((await gateway.call('GET', `/api/${workspace}/media/${unused.id}/file`)).status).toBe(404);
    expect(await gateway.media.describe(unused.id)).toBeNull();
    expect((await gateway.call('DELETE', `/api/${workspace}/media/${unused.id}`)).body).toEqual({ message: 'Media not found.' });
    expect((await gateway.call('DELETE', `/api/${workspace}/media/nope`)).status).toBe(404);

    const used = (await upload(pngImage(9, 9))).body;
    const postUuid = randomUUID();
    const versions = [{ account_id: 0, is_original: true, content: [{ body: 'With an image', media: [used.id] }], options: {} }];
    const event = (revision: number, type: PostEventName, status: PostStatus) => ({
      key: postUuid,
      value: samplePostEvent(type, { postUuid, workspaceUuid: workspace, revision, post: { status, versions } }),
    });
    await gateway.bus.publish(Topics.postEvents, [event(0, 'post.created', 'draft'), event(1, 'post.scheduled', 'scheduled')]);
    const deleteUsed = () => gateway.call('DELETE', `/api/${workspace}/media/${used.id}`);
    await eventuallyPasses(async () => expect(await deleteUsed()).toMatchObject({ status: 409, body: { message: 'The media is used by a scheduled post.' } }));
    expect(await gateway.media.describe(used.id)).not.toBeNull();
    const listed = async () => ((await gateway.call('GET', `/api/${workspace}/media`)).body.data as { id: string; used_by: string[]; deletable: boolean }[]).find((item) => item.id === used.id);
    expect(await listed()).toMatchObject({ used_by: [postUuid], deletable: false });
    await gateway.bus.publish(Topics.postEvents, [event(2, 'post.publishing_started', 'publishing'), event(3, 'post.published', 'published')]);
    // Published: still used by the post, no longer held by it.
    await eventuallyPasses(async () => expect(await listed()).toMatchObject({ used_by: [postUuid], deletable: true }));
    await eventuallyPasses(async () => expect((await deleteUsed()).status).toBe(204));
  });

  it('documents the media operations, with the 409 of a media file in use', async () => {
    const paths = (await gateway.call('GET', '/api/docs-json', { token: null })).body.paths;
    expect(Object.keys(paths['/api/{workspaceUuid}/media'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(paths['/api/{workspaceUuid}/media'].post.requestBody.content['multipart/form-data']).toBeDefined();
    expect(paths['/api/{workspaceUuid}/media/{id}'].delete.responses['409']).toBeDefined();
    expect(paths['/api/{workspaceUuid}/media/{id}/file'].get.responses['200']).toBeDefined();
  });
});
