import { createHash, randomFillSync } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pngImage } from '@app/media-store/testing';
import { eventually } from '@app/testing/eventually';
import { MemoryWatch, mib } from '../bench/support/memory';
import { adminOf, ApiClient } from './support/api-client';
import { addMember, approverWorkspace, createUser, Member, within } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(240_000);

const MIB = 1024 * 1024;
const UPLOADS = 8;
/** Close to MEDIA_MAX_BYTES (50 MiB by default): before uploads streamed, eight of 50 MB took the service from 140 MB to 866 MB. */
const FILE_BYTES = 48 * MIB;
/** The uploads are held paused while the test looks at them: their bodies may stop arriving longer than the default 15 s. */
const SERVICE_ENV = { MEDIA_UPLOADS_MAX_CONCURRENT: String(UPLOADS), HTTP_BODY_TIMEOUT_MS: '120000' };

/**
 * A large PNG upload made up as it is sent (this process never holds it whole either): a real PNG
 * header, then random bytes, its digest computed on the way. It stops after `pauseAt` bytes until
 * `resume`, so that a test can hold several uploads open at once.
 */
class GeneratedUpload {
  private readonly digest = createHash('sha256');
  private readonly boundary = `----e2e${Math.random().toString(16).slice(2)}`;
  private readonly header = pngImage(64, 48);
  private sent = 0;
  private resumed!: () => void;
  private readonly paused = new Promise<void>((resume) => (this.resumed = resume));
  private readonly aborted = new AbortController();
  readonly answer: Promise<Response>;

  constructor(
    url: URL,
    token: string,
    readonly size: number,
    private readonly pauseAt = 2 * MIB,
  ) {
    this.answer = fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${this.boundary}` },
      body: this.body(),
      duplex: 'half',
      signal: this.aborted.signal,
    } as RequestInit);
    this.answer.catch(() => undefined);
  }

  resume(): void {
    this.resumed();
  }

  abort(): void {
    this.aborted.abort();
  }

  /** The sha256 of the file, once it was all sent. */
  get sha256(): string {
    return this.digest.copy().digest('hex');
  }

  private body(): ReadableStream<Uint8Array> {
    const part = `--${this.boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.png"\r\nContent-Type: image/png\r\n\r\n`;
    let started = false;
    return new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        if (!started) {
          started = true;
          controller.enqueue(Buffer.from(part));
          this.digest.update(this.header);
          this.sent = this.header.length;
          return controller.enqueue(this.header);
        }
        if (this.sent >= this.pauseAt) await this.paused;
        if (this.sent === this.size) {
          controller.enqueue(Buffer.from(`\r\n--${this.boundary}--\r\n`));
          return controller.close();
        }
        const chunk = randomFillSync(Buffer.alloc(Math.min(MIB, this.size - this.sent)));
        this.digest.update(chunk);
        this.sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
  }
}

/** Reads a download as a stream: its size and sha256. */
async function digestOf(response: Response): Promise<{ size: number; sha256: string }> {
  const digest = createHash('sha256');
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    digest.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: digest.digest('hex') };
}

/**
 * Media uploads on the built service (embedded): streamed to the media store, never whole in
 * memory, at most MEDIA_UPLOADS_MAX_CONCURRENT at once (half of them per user), and no temporary
 * file left behind.
 */
/**
 * A small PNG upload sent with node:http, its answer read even when the service answers and closes
 * the connection before the body is all written, as it does when it refuses an upload (429 with
 * `Connection: close`, the rest unread): fetch would fail with EPIPE on such a race.
 */
function uploadSmallPng(url: URL, token: string): Promise<{ status: number; retryAfter: string | undefined; body: unknown }> {
  const boundary = `----e2e${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="small.png"\r\nContent-Type: image/png\r\n\r\n`),
    pngImage(8, 8),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      response.on('error', reject);
    });
    // A write cut by the service's early answer is no failure of the request: its answer follows.
    sent.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    sent.end(body);
  });
}

describe('media uploads (the built service, embedded)', () => {
  let service: RunningService;
  let admin: ApiClient;
  let member: Member;
  let workspace: string;
  const mediaFolder = () => join(service.dataDir, 'media');
  const temporaryFiles = async () => (await readdir(mediaFolder()).catch(() => [])).filter((name) => name.endsWith('.tmp'));
  const uploadUrl = () => new URL(`/api/${workspace}/media`, service.baseUrl);
  const smallUpload = () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pngImage(8, 8))]), 'small.png');
    return fetch(uploadUrl(), { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
  };

  beforeAll(async () => {
    service = await startService({ env: SERVICE_ENV });
    admin = adminOf(service);
    workspace = await approverWorkspace(admin, 'Large media');
    member = await createUser(admin, 'uploads@example.com');
    await addMember(admin, workspace, member.id, 'member');
  });
  afterAll(() => service?.dispose());

  it(`receives ${UPLOADS} uploads of ${FILE_BYTES / MIB} MB at once (half from each of two users) with memory far below their sum, refuses one more with 429, and serves each file back as it was`, async () => {
    const pid = service.pid!;
    const before = new MemoryWatch(pid).stop();
    const during = new MemoryWatch(pid);

    const uploads = Array.from({ length: UPLOADS }, (_, index) => new GeneratedUpload(uploadUrl(), index % 2 === 0 ? admin.token! : member.token, FILE_BYTES));
    try {
      await eventually(async () => (await temporaryFiles()).length === UPLOADS, `${UPLOADS} uploads to be received at once`, within(30_000));
      const refused = await uploadSmallPng(uploadUrl(), admin.token!);
      expect(refused).toEqual({ status: 429, retryAfter: '1', body: { message: 'Too many uploads at once; try again shortly.' } });
    } catch (failure) {
      // Paused uploads would hold every upload slot for the tests that follow.
      for (const upload of uploads) upload.abort();
      throw failure;
    }

    for (const upload of uploads) upload.resume();
    const media = await Promise.all(
      uploads.map(async (upload) => {
        const answer = await upload.answer;
        const body = (await answer.json()) as { id: string; size: number; mime_type: string; width: number; url: string };
        expect({ status: answer.status, size: body.size, mime_type: body.mime_type, width: body.width }).toEqual({ status: 201, size: FILE_BYTES, mime_type: 'image/png', width: 64 });
        return body;
      }),
    );
    expect(await temporaryFiles()).toEqual([]);

    const downloads = await Promise.all(
      media.map(async ({ url }) => {
        const response = await fetch(new URL(url, service.baseUrl), { headers: { authorization: `Bearer ${admin.token}` } });
        expect([response.status, response.headers.get('content-type'), response.headers.get('content-length')]).toEqual([200, 'image/png', String(FILE_BYTES)]);
        return digestOf(response);
      }),
    );
    expect(downloads).toEqual(uploads.map((upload) => ({ size: FILE_BYTES, sha256: upload.sha256 })));

    const after = during.stop();
    const sumMiB = (UPLOADS * FILE_BYTES) / MIB;
    const growthMiB = after.lifetimePeakMiB! - before.sampledPeakMiB!;
    console.log(
      `Service memory: ${mib(before.sampledPeakMiB)} resident before (VmHWM ${mib(before.lifetimePeakMiB)}), ` +
        `VmHWM ${mib(after.lifetimePeakMiB)} after ${UPLOADS} concurrent uploads and downloads of ${sumMiB} MB in all ` +
        `(peak ${mib(growthMiB)} above the start; highest VmRSS sampled ${mib(after.sampledPeakMiB)})`,
    );
    // What remains is garbage the collector has not reclaimed yet (about 70-80 MB, the same for 80 MB of uploads as for 384 MB).
    expect(growthMiB).toBeLessThan(sumMiB / 3);
  });

  it('leaves no temporary file when a client goes away mid-upload, and takes the next upload', async () => {
    const upload = new GeneratedUpload(uploadUrl(), admin.token!, FILE_BYTES);
    await eventually(async () => (await temporaryFiles()).length === 1, 'the upload to be received', within(30_000));
    upload.abort();
    await eventually(async () => (await temporaryFiles()).length === 0, 'the temporary file to be removed', within(30_000));
    expect((await smallUpload()).status).toBe(201);
  });

  it('removes at start the temporary file of an upload cut off by a crash', async () => {
    const upload = new GeneratedUpload(uploadUrl(), admin.token!, FILE_BYTES);
    const [left] = await eventually(async () => ((await temporaryFiles()).length === 1 ? temporaryFiles() : null), 'the upload to be received', within(30_000));
    await service.kill();
    upload.abort();
    expect(existsSync(join(mediaFolder(), left))).toBe(true);

    service = await startService({ dataDir: service.dataDir, env: SERVICE_ENV });
    admin = adminOf(service);
    expect(await temporaryFiles()).toEqual([]);
    expect((await smallUpload()).status).toBe(201);
  });
});
