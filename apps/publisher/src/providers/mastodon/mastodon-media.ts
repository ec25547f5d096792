import { setTimeout as sleep } from 'node:timers/promises';
import { HttpAnswer, ProviderHttp } from '../http/provider-http';
import { mediaBlob, mediaFileName } from '../media-file-name';
import { ProviderFailure, PublishMedia } from '../publish-provider';

export interface MediaPolling {
  /** Wait between two looks at a media attachment the instance is still processing. */
  intervalMs: number;
  /** Looks before the publish is tried again later. */
  maxPolls: number;
}

export const DEFAULT_MEDIA_POLLING: MediaPolling = { intervalMs: 1_000, maxPolls: 30 };

interface MediaUpload {
  instance: string;
  headers: Record<string, string>;
  failureOf: (answer: HttpAnswer) => ProviderFailure;
}

/**
 * Uploads each file with `POST /api/v2/media`: 200 when the instance processed it at once, 202
 * while it processes it (large images, videos), in which case `GET /api/v1/media/:id` answers 206
 * until it is ready, then 200. Answers the attachment ids for the status's `media_ids[]`. An upload
 * made again after a failure only leaves an unused attachment, which the instance removes.
 */
export async function uploadMedia(http: ProviderHttp, upload: MediaUpload, media: readonly PublishMedia[], polling: MediaPolling): Promise<string[] | ProviderFailure> {
  const ids: string[] = [];
  for (const file of media) {
    const form = new FormData();
    form.append('file', await mediaBlob(file), mediaFileName(file));
    const answer = await http.send({ method: 'POST', url: `${upload.instance}/api/v2/media`, headers: upload.headers, form });
    if (answer.kind !== 'answer' || (answer.status !== 200 && answer.status !== 202)) return upload.failureOf(answer);
    const id = String((answer.body as { id?: unknown }).id);
    if (answer.status === 202) {
      const processed = await untilProcessed(http, upload, id, polling);
      if (processed) return processed;
    }
    ids.push(id);
  }
  return ids;
}

async function untilProcessed(http: ProviderHttp, upload: MediaUpload, id: string, polling: MediaPolling): Promise<ProviderFailure | null> {
  for (let poll = 0; poll < polling.maxPolls; poll++) {
    await sleep(polling.intervalMs);
    const answer = await http.send({ method: 'GET', url: `${upload.instance}/api/v1/media/${encodeURIComponent(id)}`, headers: upload.headers });
    if (answer.kind === 'answer' && answer.status === 200) return null;
    if (answer.kind !== 'answer' || answer.status !== 206) return upload.failureOf(answer);
  }
  return { kind: 'retry_later', message: `The instance was still processing media ${id} after ${polling.maxPolls} looks.`, retryAfterMs: polling.intervalMs * polling.maxPolls };
}
