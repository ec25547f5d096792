import { createHmac, randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import type { RedditUser, Send } from './reddit-oauth';

/** The path of the media bucket on the server (Reddit's is the host `reddit-uploaded-media.s3-accelerate.amazonaws.com`). */
export const BUCKET_PATH = '/reddit-uploaded-media';

interface Lease {
  assetId: string;
  key: string;
  owner: RedditUser;
  mimeType: string;
  fields: { name: string; value: string }[];
  expiresAt: number;
}

const IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'video/mp4': 'mp4', 'video/quicktime': 'mov' };

/**
 * Reddit's media uploads as clients meet them: `POST /api/media/asset.json` (form `filepath`,
 * `mimetype`) leases an upload, answering `{args: {action, fields: [{name, value}]}, asset:
 * {asset_id, processing_state, payload, websocket_url}}` with a protocol-relative `action`; the
 * bucket then takes an S3 POST-policy upload (multipart: every field of the lease, then the file as
 * the last part) and answers 201 with an XML `PostResponse` (its `Location`), or an XML `Error`
 * (a policy that expired, a missing or altered field). The bytes it received are kept by key.
 */
export class RedditMediaBucket {
  /** Where the leases send uploads (`host:port`): the server itself, or a proxy in front of it. */
  host: string;
  /** How long a lease's policy may be used. */
  leaseLifetimeMs = 60 * 60 * 1000;
  /** Files received, by key. */
  readonly files = new Map<string, { owner: RedditUser; bytes: Buffer; mimeType: string }>();
  private readonly leases = new Map<string, Lease>();
  private readonly secret = randomBytes(16);

  constructor(host: string) {
    this.host = host;
  }

  lease(user: RedditUser, body: Buffer, send: Send): void {
    const form = new URLSearchParams(body.toString());
    const mimeType = form.get('mimetype') ?? '';
    const filepath = form.get('filepath') ?? '';
    if (!filepath || !IMAGE_TYPES[mimeType]) return send(400, { message: 'Bad Request', error: 400 });
    const assetId = randomBytes(8).toString('hex').slice(0, 13);
    const key = `rte_images/${assetId}`;
    const expiresAt = Date.now() + this.leaseLifetimeMs;
    const policy = Buffer.from(JSON.stringify({ expiration: new Date(expiresAt).toISOString(), conditions: [{ bucket: 'reddit-uploaded-media' }, { key }] })).toString('base64');
    const fields = [
      { name: 'acl', value: 'private' },
      { name: 'key', value: key },
      { name: 'X-Amz-Credential', value: 'ASIAEXAMPLE/20260101/us-east-1/s3/aws4_request' },
      { name: 'X-Amz-Algorithm', value: 'AWS4-HMAC-SHA256' },
      { name: 'X-Amz-Date', value: '20260101T000000Z' },
      { name: 'success_action_status', value: '201' },
      { name: 'content-type', value: mimeType },
      { name: 'x-amz-storage-class', value: 'STANDARD' },
      { name: 'x-amz-meta-ext', value: IMAGE_TYPES[mimeType] },
      { name: 'policy', value: policy },
      { name: 'X-Amz-Signature', value: createHmac('sha256', this.secret).update(policy).digest('hex') },
      { name: 'x-amz-security-token', value: randomBytes(24).toString('base64') },
    ];
    this.leases.set(key, { assetId, key, owner: user, mimeType, fields, expiresAt });
    send(200, {
      args: { action: `//${this.host}${BUCKET_PATH}`, fields },
      asset: { asset_id: assetId, processing_state: 'incomplete', payload: { filepath }, websocket_url: `wss://ws-0123456789abcdef.wss.redditmedia.com/${key}?m=AQAAexample` },
    });
  }

  /** The S3 POST of a leased upload. */
  async upload(req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<void> {
    const xml = (status: number, text: string): void => void res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${text}`);
    const refuse = (status: number, code: string, message: string): void => xml(status, `<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`);
    const form = await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData().catch(() => null);
    const lease = this.leases.get(String(form?.get('key') ?? ''));
    if (!form || !lease) return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed: ["eq", "$key", ...]');
    if (lease.fields.some((field) => form.get(field.name) !== field.value)) return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed');
    if (lease.expiresAt <= Date.now()) return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
    const file = form.get('file');
    // S3 ignores every field after the file: the file must be the last part.
    const fileAt = body.indexOf('name="file"');
    if (!(file instanceof Blob) || lease.fields.some((field) => body.indexOf(`name="${field.name}"`) > fileAt)) {
      return refuse(400, 'InvalidArgument', 'Bucket POST must contain a field named \'file\'.  If it is specified, please check the order of the fields.');
    }
    this.files.set(lease.key, { owner: lease.owner, bytes: Buffer.from(await file.arrayBuffer()), mimeType: lease.mimeType });
    const location = `https://${this.host}${BUCKET_PATH}/${encodeURIComponent(lease.key)}`;
    xml(201, `<PostResponse><Location>${location}</Location><Bucket>reddit-uploaded-media</Bucket><Key>${lease.key}</Key><ETag>"${randomBytes(16).toString('hex')}"</ETag></PostResponse>`);
  }

  /** The upload an image post's `url` names, when the user uploaded it: its asset id and bytes. */
  uploadAt(url: string, user: RedditUser): { assetId: string; bytes: Buffer; mimeType: string } | null {
    const path = URL.parse(url)?.pathname ?? '';
    if (!path.startsWith(`${BUCKET_PATH}/`)) return null;
    const key = decodeURIComponent(path.slice(BUCKET_PATH.length + 1));
    const file = this.files.get(key);
    const lease = this.leases.get(key);
    return file && lease && file.owner.id === user.id ? { assetId: lease.assetId, bytes: file.bytes, mimeType: file.mimeType } : null;
  }
}
