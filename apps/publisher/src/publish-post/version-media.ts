import { Inject, Injectable } from '@nestjs/common';
import { PostContent } from '@app/domain';
import { APP_CONFIG, AppConfig } from '@app/config';
import { MEDIA_STORE, MediaStore, readMediaBytes, signedMediaAddress, StoredMedia } from '@app/media-store';
import { MEDIA_URL_SIGNER, MediaUrlSigner } from '@app/security';
import { ProviderFailure, PublishMedia } from '../providers/publish-provider';
import { errorMessage } from '@app/errors';

/** When the media store does not answer, the attempt waits this long and tries again (nothing was sent yet). */
const STORE_RETRY_MS = 1_000;

export const VersionMediaMessages = {
  missing: (id: string) => `The media ${id} no longer exists; edit the post without it.`,
  unreadable: (detail: string) => `The media store could not be read: ${detail}`,
} as const;

/** The media ids a content item names, in order, each once. */
export const mediaIdsOf = (item: PostContent): string[] => [...new Set(item.media)];

/**
 * A file of the version that could not be read when the provider asked for its bytes: the
 * store's failure, not the platform's (providers read every file before they create the post).
 */
export class MediaReadFailure extends Error {
  constructor(readonly failure: ProviderFailure) {
    super(failure.message);
  }
}

const unreadable = (error: unknown): ProviderFailure => ({
  kind: 'retry_later',
  message: VersionMediaMessages.unreadable(errorMessage(error)),
  retryAfterMs: STORE_RETRY_MS,
});

/**
 * Finds the media of a version's content item in the media store (shared with the gateway, which wrote them at
 * upload): what they are and their size at once, their bytes only when the provider reads a file,
 * one at a time. A media file deleted since the post was written is a definite refusal; a store
 * that does not answer is a passing failure, tried again like a platform's 5xx.
 */
@Injectable()
export class VersionMedia {
  constructor(
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    @Inject(MEDIA_URL_SIGNER) private readonly signer: MediaUrlSigner,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'publicUrl'>,
  ) {}

  async read(item: PostContent): Promise<readonly PublishMedia[] | ProviderFailure> {
    const media: PublishMedia[] = [];
    for (const id of mediaIdsOf(item)) {
      let stored: StoredMedia | null;
      try {
        stored = await this.store.describe(id);
      } catch (error) {
        return unreadable(error);
      }
      if (!stored) return { kind: 'rejected', message: VersionMediaMessages.missing(id) };
      media.push({ ...stored, read: () => this.bytesOf(id), url: () => signedMediaAddress(this.config.publicUrl, stored, this.signer.sign(id)) });
    }
    return media;
  }

  private async bytesOf(id: string): Promise<Buffer> {
    let stored;
    try {
      stored = await readMediaBytes(this.store, id);
    } catch (error) {
      throw new MediaReadFailure(unreadable(error));
    }
    if (!stored) throw new MediaReadFailure({ kind: 'rejected', message: VersionMediaMessages.missing(id) });
    return stored.bytes;
  }
}
