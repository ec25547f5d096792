import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { from, lastValueFrom, Observable, throwError } from 'rxjs';
import { APP_CONFIG, AppConfig } from '@app/config';
import { MEDIA_STORE, MediaStore } from '@app/media-store';
import type { GatewayRequest } from '../../auth/authenticated-user';
import { ApiError, badRequest, validationFailed } from '../../http/api-error';
import { ReceivedFile, receiveUploadFile, UploadTooLarge } from './receive-upload-file';
import { UploadSlots } from './upload-slots';

/** The file of an upload, in a temporary file of the media store until it is put there. */
export type MediaUpload = ReceivedFile;

const UPLOAD = Symbol('media upload');
type RequestWithUpload = GatewayRequest & { [UPLOAD]?: MediaUpload };

export const MediaUploadMessages = {
  fileRequired: 'The file field is required.',
  tooLarge: (maxBytes: number) => `The file must not be greater than ${maxBytes} bytes.`,
  unreadable: 'The multipart body could not be read.',
  tooManyUploads: 'Too many uploads at once; try again shortly.',
} as const;

/** The connection is closed after these answers: the rest of the upload is not read. */
const CLOSE = { Connection: 'close' };

/** The upload the reader found on this request. */
export function uploadOf(request: GatewayRequest): MediaUpload {
  const upload = (request as RequestWithUpload)[UPLOAD];
  if (!upload) throw new Error('uploadOf used on a route without MediaUploadReader');
  return upload;
}

/**
 * Receives the `file` part of a multipart upload, after the guards (an unknown caller's upload is
 * never read) and before Idempotency-Key is checked: the request's body becomes the file's digest
 * and size, so the same key with another file is told apart. The file streams to a temporary file
 * of the media store (a chunk at a time in memory), removed once the request is over unless the
 * route put it in the store. At most MEDIA_UPLOADS_MAX_CONCURRENT uploads at once per process, half
 * of them for one user (UploadSlots): one more is 429 with Retry-After, before its body is read.
 * Over MEDIA_MAX_BYTES: 413. No `file` part: 422.
 */
@Injectable()
export class MediaUploadReader implements NestInterceptor {
  private readonly slots: UploadSlots;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {
    this.slots = new UploadSlots(config.mediaUploadsMaxConcurrent);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<RequestWithUpload>();
    if (!request.user) throw new Error('MediaUploadReader used on a route without authentication');
    const { userId } = request.user;
    if (!this.slots.tryTake(userId)) return throwError(() => new ApiError(429, MediaUploadMessages.tooManyUploads, undefined, { 'Retry-After': '1', ...CLOSE }));
    return from(this.receiveThenHandle(request, next, userId));
  }

  /** The slot is free, and the upload's file gone (put in the store, or removed here), before the answer leaves. */
  private async receiveThenHandle(request: RequestWithUpload, next: CallHandler, userId: number): Promise<unknown> {
    let upload: MediaUpload | null = null;
    try {
      upload = await this.read(request);
      request[UPLOAD] = upload;
      request.body = { file: { sha256: upload.sha256, size: upload.size } };
      return await lastValueFrom(next.handle(), { defaultValue: undefined });
    } finally {
      if (upload) await rm(upload.file, { force: true });
      this.slots.release(userId);
    }
  }

  private async read(request: GatewayRequest): Promise<MediaUpload> {
    if (!request.isMultipart()) throw validationFailed({ file: [MediaUploadMessages.fileRequired] });
    const maxBytes = this.config.mediaMaxBytes;
    // A client that goes away mid-upload stops the writing (and the file is removed).
    const gone = new AbortController();
    const onClose = () => {
      if (!request.raw.complete) gone.abort(new Error('The client closed the connection during the upload'));
    };
    request.raw.once('close', onClose);
    let upload: MediaUpload | null = null;
    try {
      // One byte over the largest size is read, so that the file is known to be too large.
      for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 5, fields: 20, parts: 25 } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname === 'file' && upload === null) upload = await receiveUploadFile(part.file, await this.store.temporaryFile(), maxBytes, gone.signal);
        else part.file.resume();
      }
    } catch (error) {
      if (upload) await rm(upload.file, { force: true });
      throw apiErrorOf(error, maxBytes);
    } finally {
      request.raw.off('close', onClose);
    }
    if (upload === null) throw validationFailed({ file: [MediaUploadMessages.fileRequired] });
    return upload;
  }
}

function apiErrorOf(error: unknown, maxBytes: number): ApiError {
  const code = (error as { code?: string }).code;
  if (error instanceof UploadTooLarge || code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, MediaUploadMessages.tooLarge(maxBytes), undefined, CLOSE);
  if (error instanceof ApiError) return error;
  return badRequest(MediaUploadMessages.unreadable);
}
