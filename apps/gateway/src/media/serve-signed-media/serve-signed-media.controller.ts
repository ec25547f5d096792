import { Controller, Get, Inject, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MEDIA_STORE, MediaStore, mediaIdOfSignedFile, SIGNED_MEDIA_ROUTE } from '@app/media-store';
import { MEDIA_URL_SIGNER, MediaUrlSigner } from '@app/security';
import { notFound } from '../../http/api-error';

/** What every address that is not a valid signed one answers: the same for a forged, an expired and an unknown one. */
const NOT_FOUND = 'Not found.';

/**
 * The bytes of a media file at its signed address (`/api/media-files/<id>.<ext>?expires=&signature=`),
 * from which platforms fetch what they publish (Instagram, Threads, Facebook reels). No token:
 * the signature, made by the publisher for this one file and valid at most an hour, is the right
 * to read it; an unsigned, forged or expired address answers 404. Streamed from the media store.
 */
@ApiExcludeController()
@Controller(SIGNED_MEDIA_ROUTE)
export class ServeSignedMediaController {
  constructor(
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    @Inject(MEDIA_URL_SIGNER) private readonly signer: MediaUrlSigner,
  ) {}

  @Get(':file')
  async file(@Param('file') file: string, @Query('expires') expires: unknown, @Query('signature') signature: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const id = mediaIdOfSignedFile(file);
    const valid = id !== null && typeof expires === 'string' && /^\d{1,12}$/.test(expires) && typeof signature === 'string' && this.signer.verify(id, Number(expires), signature);
    const opened = valid ? await this.store.open(id) : null;
    if (!opened) throw notFound(NOT_FOUND);
    void reply
      .header('content-type', opened.media.mimeType)
      .header('content-length', String(opened.media.size))
      .header('x-content-type-options', 'nosniff')
      // Cached no longer than the address is valid, and by no shared cache.
      .header('cache-control', 'private, max-age=600');
    return new StreamableFile(opened.stream);
  }
}
