import { Inject, Injectable } from '@nestjs/common';
import { PostVersion } from '@app/domain';
import { MEDIA_STORE, MediaStore } from '@app/media-store';
import { ProviderFailure, PublishMedia } from '../providers/publish-provider';

/** When the media store does not answer, the attempt waits this long and tries again (nothing was sent yet). */
const STORE_RETRY_MS = 1_000;

export const VersionMediaMessages = {
  missing: (id: string) => `The media ${id} no longer exists; edit the post without it.`,
  unreadable: (detail: string) => `The media store could not be read: ${detail}`,
} as const;

/** The media ids a version names: every content item's, in order, each once. */
export const mediaIdsOf = (version: PostVersion): string[] => [...new Set(version.content.flatMap((item) => item.media))];

/**
 * Reads the media of a version from the media store (shared with the gateway, which wrote them at
 * upload). A media file deleted since the post was written is a definite refusal; a store that does
 * not answer is a passing failure, tried again like a platform's 5xx.
 */
@Injectable()
export class VersionMedia {
  constructor(@Inject(MEDIA_STORE) private readonly store: MediaStore) {}

  async read(version: PostVersion): Promise<readonly PublishMedia[] | ProviderFailure> {
    const media: PublishMedia[] = [];
    for (const id of mediaIdsOf(version)) {
      let object: PublishMedia | null;
      try {
        object = await this.store.get(id);
      } catch (error) {
        return { kind: 'retry_later', message: VersionMediaMessages.unreadable(error instanceof Error ? error.message : String(error)), retryAfterMs: STORE_RETRY_MS };
      }
      if (!object) return { kind: 'rejected', message: VersionMediaMessages.missing(id) };
      media.push(object);
    }
    return media;
  }
}
