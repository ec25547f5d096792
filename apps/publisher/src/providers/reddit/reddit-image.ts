import { classifyFailure, HttpAnswer, ProviderHttp } from '../http/provider-http';
import { mediaBlob, mediaFileName } from '../media-file-name';
import { ProviderFailure, PublishMedia, SessionStore } from '../publish-provider';
import { bearer, formBody, isTokenFailure, RedditApi } from './reddit-api';
import { redditFailure } from './reddit-errors';

/** An upload Reddit leased: where to POST the file (protocol-relative, its media bucket) and the fields of the bucket's POST policy. */
interface UploadLease {
  action: string;
  fields: { name: string; value: string }[];
}

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const xmlText = (xml: string, tag: string): string | null => {
  const found = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];
  return found === undefined ? null : found.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity]);
};

/**
 * An image post's image, uploaded the way Reddit's own clients upload it: `POST
 * /api/media/asset.json` (its file name and type) leases an upload to Reddit's media bucket, the
 * file is POSTed there (every field of the lease, then the file, as an S3 POST policy wants; no
 * Reddit token goes to the bucket) and the bucket answers 201 with the file's `Location`, the
 * address the image post names.
 */
export class RedditImages {
  constructor(
    private readonly api: RedditApi,
    private readonly http: ProviderHttp,
    private readonly apiUrl: string,
  ) {}

  /** The address of the uploaded image, or why there is none. */
  async upload(session: SessionStore, file: PublishMedia): Promise<string | ProviderFailure> {
    const leased = await this.api.send(session, (token) => ({
      method: 'POST',
      url: `${this.apiUrl}/api/media/asset.json`,
      headers: bearer(token),
      bytes: formBody({ filepath: mediaFileName(file), mimetype: file.mimeType }),
    }));
    if (isTokenFailure(leased)) return leased;
    const lease = leaseOf(leased);
    if (!lease) return leased.kind === 'answer' && leased.status === 200 ? { kind: 'rejected', message: 'Reddit leased no upload for the image (no upload address in its answer).' } : redditFailure(leased);
    const form = new FormData();
    for (const field of lease.fields) form.append(field.name, field.value);
    form.append('file', await mediaBlob(file), mediaFileName(file));
    // The action is protocol-relative (`//reddit-uploaded-media.s3-accelerate.amazonaws.com`): https, as the API.
    const bucket = new URL(lease.action, this.apiUrl).toString();
    const answer = await this.http.send({ method: 'POST', url: bucket, form });
    if (answer.kind === 'answer' && answer.status >= 200 && answer.status < 300) {
      const key = lease.fields.find((field) => field.name === 'key')?.value;
      return (typeof answer.body === 'string' ? xmlText(answer.body, 'Location') : null) ?? `${bucket}/${key}`;
    }
    return bucketFailure(answer);
  }
}

function leaseOf(answer: HttpAnswer): UploadLease | null {
  if (answer.kind !== 'answer' || answer.status !== 200) return null;
  const args = (answer.body as { args?: { action?: unknown; fields?: unknown } } | null)?.args;
  if (typeof args?.action !== 'string' || !Array.isArray(args.fields)) return null;
  return { action: args.action, fields: (args.fields as { name?: unknown; value?: unknown }[]).map((field) => ({ name: String(field.name), value: String(field.value) })) };
}

/** The bucket refuses in S3's XML (`<Error><Code>AccessDenied</Code><Message>…</Message></Error>`). */
function bucketFailure(answer: HttpAnswer): ProviderFailure {
  const xml = answer.kind === 'answer' && typeof answer.body === 'string' ? answer.body : '';
  const message = xmlText(xml, 'Message');
  const code = xmlText(xml, 'Code');
  if (!message) return redditFailure(answer);
  return classifyFailure(answer, { message: `Reddit's media bucket refused the image: ${message}${code ? ` [${code}]` : ''}`, resetMs: null, repeatable: true });
}
