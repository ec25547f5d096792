import { ApiParam } from '@nestjs/swagger';
import { isMediaId } from '@app/media-store';
import { notFound } from '../http/api-error';

export const MEDIA_NOT_FOUND = 'Media not found.';

export const ApiMediaIdParam = (): MethodDecorator => ApiParam({ name: 'id', description: 'a media file of the workspace', schema: { type: 'string', format: 'uuid' } });

/** The media id of a path, lower case; any other text names nothing: 404. */
export function mediaIdFromPath(text: string): string {
  const id = text.toLowerCase();
  if (!isMediaId(id)) throw notFound(MEDIA_NOT_FOUND);
  return id;
}
