import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileMediaStore, mediaIdOfSignedFile, signedMediaAddress, SIGNED_MEDIA_ROUTE } from '@app/media-store';
import { MediaUrlSigner, parseEncryptionKey } from '@app/security';
import type { PublishMedia } from '../../../apps/publisher/src/providers/publish-provider';

/**
 * The service's media store and its signed addresses, as platforms that fetch media meet them: a
 * real HTTP server answering `/api/media-files/<id>.<ext>?expires=&signature=` as the gateway does,
 * from a real file media store, checked by a real MediaUrlSigner (unsigned, forged or expired:
 * 404). Platform servers under test/providers fetch from it over HTTP; a publisher on SQLite reads
 * the same store and signs with the same key. The gateway's own route has its own test.
 */
export class SignedMediaServer {
  /** The media ids fetched, in order. */
  readonly fetched: string[] = [];
  readonly signer = new MediaUrlSigner({ current: parseEncryptionKey(randomBytes(32).toString('base64'), 'test key', { strict: true }) });

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly store: FileMediaStore,
    private readonly folder: string,
  ) {}

  static async start(): Promise<SignedMediaServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const folder = mkdtempSync(join(tmpdir(), 'signed-media-'));
    const media = new SignedMediaServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, new FileMediaStore(folder), folder);
    server.on('request', (request, response) => void media.answer(request.url ?? '/', response));
    return media;
  }

  /** The media file, kept in the store and served from here: its `url()` is a signed address of this server. */
  async serve<M extends PublishMedia & { bytes: Buffer }>(media: M): Promise<M> {
    const file = await this.store.temporaryFile();
    await writeFile(file, media.bytes);
    await this.store.putFile({ id: media.id, mimeType: media.mimeType, width: media.width, height: media.height }, file);
    return { ...media, url: () => this.addressOf(media) };
  }

  addressOf(media: { id: string; mimeType: string }): string {
    return signedMediaAddress(this.url, media, this.signer.sign(media.id));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.folder, { recursive: true, force: true });
  }

  private async answer(path: string, response: import('node:http').ServerResponse): Promise<void> {
    const url = new URL(path, this.url);
    const prefix = `/api/${SIGNED_MEDIA_ROUTE}/`;
    const id = url.pathname.startsWith(prefix) ? mediaIdOfSignedFile(url.pathname.slice(prefix.length)) : null;
    const valid = id !== null && this.signer.verify(id, Number(url.searchParams.get('expires')), url.searchParams.get('signature') ?? '');
    const opened = valid ? await this.store.open(id) : null;
    if (!opened) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found."}');
      return;
    }
    this.fetched.push(opened.media.id);
    response.writeHead(200, { 'content-type': opened.media.mimeType, 'content-length': String(opened.media.size) });
    opened.stream.pipe(response);
  }
}
