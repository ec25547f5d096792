import type { FastifyRequest } from 'fastify';
import { MediaRecord, MediaView } from './media-library';

/** Where the bytes of a media file are served, on the address the API was reached at. */
export function mediaViewOf(request: FastifyRequest, workspaceUuid: string, media: MediaRecord): MediaView {
  const { id, mime_type, size, width, height, created_at } = media;
  const url = `${request.protocol}://${request.host}/api/${workspaceUuid}/media/${id}/file`;
  return { id, mime_type, size, width, height, url, created_at };
}
