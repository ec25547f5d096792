import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import type { MultipartFile } from '@fastify/multipart';
import { createHash } from 'node:crypto';
import { from, mergeMap, Observable } from 'rxjs';
import { APP_CONFIG, AppConfig } from '@app/config';
import type { GatewayRequest } from '../../auth/authenticated-user';
import { ApiError, badRequest, validationFailed } from '../../http/api-error';

/** The file of an upload, read whole (the blob store and the platforms take it whole). */
export interface MediaUpload {
  bytes: Buffer;
}

const UPLOAD = Symbol('media upload');
type RequestWithUpload = GatewayRequest & { [UPLOAD]?: MediaUpload };

export const MediaUploadMessages = {
  fileRequired: 'The file field is required.',
  tooLarge: (maxBytes: number) => `The file must not be greater than ${maxBytes} bytes.`,
  unreadable: 'The multipart body could not be read.',
} as const;

/** The upload the reader found on this request. */
export function uploadOf(request: GatewayRequest): MediaUpload {
  const upload = (request as RequestWithUpload)[UPLOAD];
  if (!upload) throw new Error('uploadOf used on a route without MediaUploadReader');
  return upload;
}

/**
 * Reads the `file` part of a multipart upload, after the guards (an unknown caller's upload is
 * never read) and before Idempotency-Key is checked: the request's body becomes the file's digest
 * and size, so the same key with another file is told apart. Over `MEDIA_MAX_BYTES` the reading
 * stops: 413. No `file` part: 422.
 */
@Injectable()
export class MediaUploadReader implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<RequestWithUpload>();
    return from(this.read(request)).pipe(
      mergeMap((upload) => {
        request[UPLOAD] = upload;
        request.body = { file: { sha256: createHash('sha256').update(upload.bytes).digest('hex'), size: upload.bytes.length } };
        return next.handle();
      }),
    );
  }

  private async read(request: GatewayRequest): Promise<MediaUpload> {
    if (!request.isMultipart()) throw validationFailed({ file: [MediaUploadMessages.fileRequired] });
    const maxBytes = this.config.mediaMaxBytes;
    let bytes: Buffer | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 5, fields: 20, parts: 25 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname === 'file' && bytes === null) bytes = await (part as MultipartFile).toBuffer();
        else part.file.resume();
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      // The connection is closed after the answer: the rest of an oversized upload is not read.
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, MediaUploadMessages.tooLarge(maxBytes), undefined, { Connection: 'close' });
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(MediaUploadMessages.unreadable);
      if (error instanceof ApiError) throw error;
      throw badRequest(MediaUploadMessages.unreadable);
    }
    if (bytes === null) throw validationFailed({ file: [MediaUploadMessages.fileRequired] });
    return { bytes };
  }
}
