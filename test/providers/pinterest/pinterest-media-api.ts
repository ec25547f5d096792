import { randomBytes } from 'node:crypto';

/** A video registered for upload, as Pinterest keeps it. */
export interface MediaUpload {
  mediaId: string;
  ownerId: string;
  /** `registered` until the file arrives, then `processing`, then `succeeded` or `failed`. */
  status: 'registered' | 'processing' | 'succeeded' | 'failed';
  /** The form fields the upload must carry (an S3 POST policy): `key`, `policy`, the signature. */
  parameters: Record<string, string>;
  bytes: Buffer | null;
  /** When processing of the uploaded file ends (epoch ms). */
  processedAt: number;
}

/** An answer of the API: a status and a JSON body, or raw text (the S3 upload's XML). */
export type Answer = { status: number; body?: unknown; text?: string; contentType?: string };

/** The path of the upload endpoint, standing for Pinterest's S3 bucket (its `upload_url`). */
export const UPLOAD_PATH = '/pinterest-media-upload/';

export const pinterestError = (status: number, code: number, message: string): Answer => ({ status, body: { code, message } });

const s3Error = (status: number, code: string, message: string): Answer => ({
  status,
  contentType: 'application/xml',
  text: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`,
});

/** A file is taken for a video when it is an ISO media file (an `ftyp` box first), as an MP4 is. */
const isMp4 = (bytes: Buffer): boolean => bytes.length >= 8 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';

/**
 * Pinterest's media uploads as the API reference documents them, for video pins: `POST /v5/media`
 * `{media_type: 'video'}` registers one (201 `{media_id, media_type, upload_url, upload_parameters}`);
 * the file is sent to `upload_url` as a multipart form POST carrying every upload parameter, then
 * the file in the field `file` (an S3 POST: 204 with no body; a field that does not match the
 * policy is a 403, a form without a file or with an Authorization header a 400, as S3 answers,
 * in XML). `GET /v5/media/{id}`
 * answers `{media_id, media_type, status}`: `registered`, `processing` until `processingMs` after
 * the upload, then `succeeded` (or `failed` for a file that is not a video).
 */
export class PinterestMediaApi {
  readonly uploads = new Map<string, MediaUpload>();
  /** How long processing of an uploaded video takes; Infinity keeps it processing. */
  processingMs = 30;

  constructor(
    /** Where `upload_url` points: the server itself, or the proxy a test puts in front of it. */
    private readonly uploadBaseUrl: () => string,
    private readonly nextId: () => string,
  ) {}

  register(ownerId: string, body: Buffer): Answer {
    const sent = JSON.parse(body.toString() || '{}') as { media_type?: unknown };
    if (sent.media_type !== 'video') return pinterestError(400, 1, `Invalid request: media_type must be one of: video.`);
    const mediaId = this.nextId();
    const key = `uploads/${randomBytes(2).toString('hex')}/${randomBytes(2).toString('hex')}/${ownerId}:video:${mediaId}`;
    const parameters = {
      'x-amz-date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''),
      'x-amz-signature': randomBytes(32).toString('hex'),
      'x-amz-security-token': randomBytes(24).toString('base64'),
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      key,
      policy: Buffer.from(JSON.stringify({ expiration: new Date(Date.now() + 3_600_000).toISOString(), conditions: [{ key }] })).toString('base64'),
      'x-amz-credential': `ASIA${randomBytes(8).toString('hex').toUpperCase()}/${new Date().toISOString().slice(0, 10).replace(/-/g, '')}/us-east-1/s3/aws4_request`,
      'Content-Type': 'multipart/form-data',
    };
    this.uploads.set(mediaId, { mediaId, ownerId, status: 'registered', parameters, bytes: null, processedAt: Infinity });
    return { status: 201, body: { media_id: mediaId, media_type: 'video', upload_url: `${this.uploadBaseUrl()}${UPLOAD_PATH}`, upload_parameters: parameters } };
  }

  status(ownerId: string, mediaId: string): Answer {
    const upload = this.uploads.get(mediaId);
    if (!upload || upload.ownerId !== ownerId) return pinterestError(404, 404, 'Media upload not found.');
    if (upload.status === 'processing' && Date.now() >= upload.processedAt) upload.status = upload.bytes && isMp4(upload.bytes) ? 'succeeded' : 'failed';
    return { status: 200, body: { media_id: upload.mediaId, media_type: 'video', status: upload.status } };
  }

  /** The S3 form POST of a registered video's file: signed by its fields, so an Authorization header is refused. */
  async receive(body: Buffer, contentType: string, authorization: string | undefined): Promise<Answer> {
    if (authorization !== undefined) return s3Error(400, 'InvalidArgument', 'Unsupported Authorization Type');
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData().catch(() => null);
    if (!form) return s3Error(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
    const entries = [...form.entries()];
    const fileAt = entries.findIndex(([, value]) => value instanceof Blob);
    if (fileAt < 0) return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    // S3 ignores the fields after the file: only those before it count.
    const fields = new Map(entries.slice(0, fileAt).map(([name, value]) => [name.toLowerCase(), String(value)]));
    const upload = [...this.uploads.values()].find((candidate) => candidate.parameters.key === fields.get('key'));
    if (!upload) return s3Error(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$key", "${fields.get('key') ?? ''}"]`);
    const unmatched = Object.entries(upload.parameters).find(([name, value]) => fields.get(name.toLowerCase()) !== value);
    if (unmatched) return s3Error(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$${unmatched[0]}", "${unmatched[1]}"]`);
    upload.bytes = Buffer.from(await (entries[fileAt][1] as Blob).arrayBuffer());
    upload.status = 'processing';
    upload.processedAt = Date.now() + this.processingMs;
    return { status: 204 };
  }

  /** A video ready to pin: its bytes, or why it cannot be pinned. */
  pinnable(ownerId: string, mediaId: string): Buffer | Answer {
    const upload = this.uploads.get(mediaId);
    if (!upload || upload.ownerId !== ownerId) return pinterestError(400, 1, `Invalid request: media_id ${mediaId} was not found.`);
    this.status(ownerId, mediaId);
    if (upload.status !== 'succeeded' || !upload.bytes) return pinterestError(400, 1, `Invalid request: the media upload ${mediaId} is not ready (status: ${upload.status}).`);
    return upload.bytes;
  }
}
