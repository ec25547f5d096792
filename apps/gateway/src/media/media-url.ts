import type { AppConfig } from '@app/config';
import { MediaRecord, MediaView } from './media-record-store';
import type { MediaUse } from './media-uses/media-uses';

/**
 * Where the bytes of a media file are served: under PUBLIC_URL when it is set, else a path
 * (`/api/...`, relative to the API's own address). Never from the request's Host header, which
 * the client writes: a forged one would have the service hand out links to another host. `use`:
 * the posts that name the file, and whether one holds it.
 */
export function mediaViewOf(config: Pick<AppConfig, 'publicUrl' | 'publicUrlConfigured'>, workspaceUuid: string, media: MediaRecord, use: MediaUse = { usedBy: [], held: false }): MediaView {
  const { id, mime_type, size, width, height, created_at } = media;
  const origin = config.publicUrlConfigured ? config.publicUrl : '';
  const url = `${origin}/api/${workspaceUuid}/media/${id}/file`;
  return { id, mime_type, size, width, height, url, created_at, used_by: use.usedBy, deletable: !use.held };
}
