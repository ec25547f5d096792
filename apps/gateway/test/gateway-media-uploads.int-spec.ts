import { readdir } from 'node:fs/promises';
import { pngImage } from '@app/media-store/testing';
import { eventually } from '@app/testing/eventually';
import { adminWorkspace, BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { startUpload, uploadWithHeaders } from './multipart-upload';

jest.setTimeout(30_000);

/** A PNG of about 100 KB that no compressor shrinks: noise after a real header. */
const largePng = (): Buffer => Buffer.concat([pngImage(30, 20), Buffer.from(Array.from({ length: 100_000 }, (_, index) => (index * 2_654_435_761) >>> 24))]);

const temporaryFiles = async (gateway: GatewayTestApp): Promise<string[]> => (await readdir(gateway.mediaFolder).catch(() => [])).filter((name) => name.endsWith('.tmp'));

/**
 * Uploads as streams over HTTP: received into a temporary file of the media store, a bounded
 * number at once (MEDIA_UPLOADS_MAX_CONCURRENT = 1 here), no temporary file left whatever
 * happens; and media urls that never follow the Host header the client sends.
 */
describe('gateway: media uploads as streams (SQLite, files in a temporary folder)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  let path: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp({ MEDIA_MAX_BYTES: String(150_000), MEDIA_UPLOADS_MAX_CONCURRENT: '1' });
    workspace = await adminWorkspace(gateway, 'Uploads');
    path = `/api/${workspace}/media`;
  });
  afterAll(() => gateway?.dispose());

  const uploadNow = (file: Buffer) => startUpload(gateway.url, path, BOOTSTRAP_ADMIN_TOKEN, file);

  it('writes an upload to a temporary file as it arrives, and puts that file in the store', async () => {
    const file = largePng();
    const upload = uploadNow(file.subarray(0, 60_000));
    const [temporary] = await eventually(async () => { const files = await temporaryFiles(gateway); return files.length > 0 && files; }, 'the temporary file');
    upload.finish(file.subarray(60_000));
    const answer = await upload.answer;
    expect(answer.status).toBe(201);
    const media = (await answer.json()) as { id: string; size: number; url: string };
    expect(media).toMatchObject({ size: file.length, url: `/api/${workspace}/media/${media.id}/file` });
    expect(temporary).toMatch(/\.tmp$/);
    expect((await readdir(gateway.mediaFolder)).sort()).toEqual(expect.arrayContaining([media.id, `${media.id}.json`]));
    expect(await temporaryFiles(gateway)).toEqual([]);
    const served = await fetch(`${gateway.url}${media.url}`, { headers: { authorization: `Bearer ${BOOTSTRAP_ADMIN_TOKEN}` } });
    expect(served.headers.get('content-length')).toBe(String(file.length));
    expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
  });

  it('answers 429 with Retry-After to an upload over the bound, and takes uploads again once the one in progress ends', async () => {
    const file = largePng();
    const inProgress = uploadNow(file.subarray(0, 60_000));
    await eventually(async () => (await temporaryFiles(gateway)).length > 0, 'the first upload to be received');
    const refused = await gateway.call('POST', path, { form: formOf(pngImage(2, 2)) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body).toEqual({ message: 'Too many uploads at once; try again shortly.' });
    inProgress.finish(file.subarray(60_000));
    expect((await inProgress.answer).status).toBe(201);
    expect((await gateway.call('POST', path, { form: formOf(pngImage(2, 2)) })).status).toBe(201);
  });

  it('leaves no temporary file when the client goes away mid-upload, and frees its place', async () => {
    const upload = uploadNow(largePng().subarray(0, 50_000));
    await eventually(async () => (await temporaryFiles(gateway)).length > 0, 'the upload to be received');
    upload.abort();
    await eventually(async () => (await temporaryFiles(gateway)).length === 0, 'the temporary file to be removed');
    await eventually(async () => (await gateway.call('POST', path, { form: formOf(pngImage(3, 3)) })).status === 201, 'an upload to be taken again');
  });

  it('leaves no temporary file after a 413, a 422 or an Idempotency-Key replay', async () => {
    const before = (await readdir(gateway.mediaFolder)).sort();
    const tooLarge = await gateway.call('POST', path, { form: formOf(Buffer.concat([pngImage(2, 2), Buffer.alloc(150_001)])) });
    expect(tooLarge).toMatchObject({ status: 413, body: { message: 'The file must not be greater than 150000 bytes.' } });
    expect((await gateway.call('POST', path, { form: formOf(Buffer.alloc(150_000, 0x41)) })).status).toBe(422);
    const headers = { 'idempotency-key': 'one upload' };
    const first = await gateway.call('POST', path, { form: formOf(pngImage(4, 4)), headers });
    const replayed = await gateway.call('POST', path, { form: formOf(pngImage(4, 4)), headers });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect((await readdir(gateway.mediaFolder)).sort()).toEqual([...before, first.body.id, `${first.body.id}.json`].sort());
  });

  it('without PUBLIC_URL, gives media urls as paths, whatever Host and X-Forwarded-Host the client sends', async () => {
    const forged = { authorization: `Bearer ${BOOTSTRAP_ADMIN_TOKEN}`, host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };
    const uploaded = await uploadWithHeaders(gateway.url, path, forged, pngImage(5, 5));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.url).toBe(`/api/${workspace}/media/${uploaded.body.id}/file`);
    const listed = await gateway.call('GET', path);
    expect(listed.body.data.map((media: { url: string }) => media.url)).toContain(uploaded.body.url);
  });
});

function formOf(bytes: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'upload.bin');
  return form;
}
