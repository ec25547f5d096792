import { mp4Video, pngImage } from '@app/media-store/testing';
import { signedMediaAddress } from '@app/media-store';
import { MediaUrlSigner, parseEncryptionKey } from '@app/security';
import { adminWorkspace, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

/**
 * The addresses from which platforms fetch media (`/api/media-files/<id>.<ext>`): no token, a
 * signature of the service's key for one file, valid at most an hour; anything else is a 404.
 */
describe('gateway: media served at signed addresses (SQLite, files in a temporary folder)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = await adminWorkspace(gateway, 'Signed media');
  });
  afterAll(() => gateway?.dispose());

  async function upload(bytes: Buffer, type: string, name: string): Promise<{ id: string; mime_type: string }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const answer = await gateway.call('POST', `/api/${workspace}/media`, { form });
    expect(answer.status).toBe(201);
    return answer.body;
  }
  const addressOf = (media: { id: string; mime_type: string }, signer = gateway.mediaUrls, validForMs?: number) =>
    signedMediaAddress(gateway.url, { id: media.id, mimeType: media.mime_type }, signer.sign(media.id, validForMs));

  it('serves an image and a video to anyone holding the signed address, with their types and sizes', async () => {
    const image = pngImage(40, 30, 9);
    const video = mp4Video({ seconds: 3, payloadBytes: 300_000 });
    for (const [bytes, type, name] of [[image, 'image/png', 'a.png'], [video, 'video/mp4', 'clip.mp4']] as const) {
      const media = await upload(bytes, type, name);
      const address = addressOf(media);
      expect(address).toMatch(new RegExp(`^${gateway.url}/api/media-files/${media.id}\\.(png|mp4)\\?expires=\\d+&signature=[\\w-]+$`));
      const served = await fetch(address);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(type);
      expect(served.headers.get('content-length')).toBe(String(bytes.length));
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('answers 404 to an unsigned, forged, expired or other file’s address, and to one signed with another key', async () => {
    const media = await upload(pngImage(20, 20, 1), 'image/png', 'b.png');
    const other = await upload(pngImage(20, 20, 2), 'image/png', 'c.png');
    const valid = new URL(addressOf(media));
    const signature = valid.searchParams.get('signature')!;
    const expires = valid.searchParams.get('expires')!;
    const path = `/api/media-files/${media.id}.png`;
    const statusOf = async (address: string) => (await fetch(address)).status;

    expect(await statusOf(valid.toString())).toBe(200);
    expect(await statusOf(`${gateway.url}${path}`)).toBe(404);
    expect(await statusOf(`${gateway.url}${path}?expires=${expires}&signature=${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`)).toBe(404);
    expect(await statusOf(`${gateway.url}${path}?expires=${Number(expires) + 60}&signature=${signature}`)).toBe(404);
    expect(await statusOf(`${gateway.url}/api/media-files/${other.id}.png?expires=${expires}&signature=${signature}`)).toBe(404);
    const past = new MediaUrlSigner({ current: parseEncryptionKey('unused', 'key', { strict: false }) }, () => Date.now() - 2 * 3_600_000);
    expect(await statusOf(addressOf(media, past))).toBe(404);
    const expiredWithTheKey = new URL(addressOf(media, gateway.mediaUrls, 1));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await statusOf(expiredWithTheKey.toString())).toBe(404);
    expect(await statusOf(`${gateway.url}/api/media-files/not-a-media.png?expires=${expires}&signature=${signature}`)).toBe(404);
  });

  it('serves nothing once the media is deleted', async () => {
    const media = await upload(pngImage(10, 10, 3), 'image/png', 'd.png');
    const address = addressOf(media);
    expect((await gateway.call('DELETE', `/api/${workspace}/media/${media.id}`)).status).toBe(204);
    expect((await fetch(address)).status).toBe(404);
  });
});
