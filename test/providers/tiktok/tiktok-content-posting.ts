import { apiError, apiOk, TikTokAnswer, TikTokCreator, TikTokGrant } from './tiktok-oauth';
import { chunkRuleFault, ChunkRules, FileUploadSource, mp4Seconds, openUpload, receiveChunk, TIKTOK_CHUNK_RULES, uploadComplete, VideoUpload } from './tiktok-video-upload';

export type PublishStatus = 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'SEND_TO_USER_INBOX' | 'PUBLISH_COMPLETE' | 'FAILED';

/** One direct post as TikTok keeps it: what the init said, its media as received or pulled, its status. */
export interface TikTokPublish {
  publishId: string;
  openId: string;
  mediaType: 'VIDEO' | 'PHOTO';
  /** `post_info` as sent. */
  postInfo: Record<string, unknown>;
  /** The caption: a video's title, a photo post's description. */
  text: string;
  status: PublishStatus;
  failReason: string | null;
  /** The post's id once it is complete and public (the id of `https://www.tiktok.com/@<username>/video/<id>`). */
  postId: string | null;
  upload: VideoUpload | null;
  /** A photo post's image addresses (PULL_FROM_URL) and what TikTok fetched from them. */
  photos: { urls: string[]; pulled: Buffer[] } | null;
  /** Status checks that still answer "processing" once the media are all there. */
  checksLeft: number;
  /** The longest video the creator may post, in seconds (creator info's `max_video_post_duration_sec`). */
  maxVideoSeconds: number;
}

const TITLE_LIMIT = 2200;
const PHOTO_TITLE_LIMIT = 90;
const PHOTO_DESCRIPTION_LIMIT = 4000;
const MAX_PHOTOS = 35;
const SCOPE_NOT_AUTHORIZED = 'The user did not authorize the scope required for completing this request.';
/** A JSON number written with all its digits: post ids are int64, beyond what a double holds. */
const int64 = (digits: string): unknown => (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON(digits);

/**
 * The Content Posting API's direct post, as its references document: creator info, the video init
 * (FILE_UPLOAD, its chunks PUT to the upload URL), the photo init (PULL_FROM_URL, the images
 * fetched from their addresses over HTTP), and the status of a publish. Posting needs the
 * `video.publish` scope; a creator TikTok does not let post now is refused with its reason.
 */
export class TikTokContentPosting {
  readonly publishes: TikTokPublish[] = [];
  /** The chunk rules; tests lower the 5 MB minimum to upload small videos in several chunks. */
  chunkRules: ChunkRules = { ...TIKTOK_CHUNK_RULES };
  /** Status checks answering PROCESSING_UPLOAD or PROCESSING_DOWNLOAD after the media are all there. */
  processingChecks = 1;
  /** The URL prefixes whose ownership the app verified: TikTok pulls photos from these only. */
  verifiedUrlPrefixes: string[] = [];
  private nextPostId = 7_400_000_000_000_000_000n + BigInt(Date.now());

  constructor(private readonly uploadBaseUrl: () => string) {}

  creatorInfo({ creator, scopes }: TikTokGrant): TikTokAnswer {
    if (!scopes.includes('video.publish')) return apiError(401, 'scope_not_authorized', SCOPE_NOT_AUTHORIZED);
    if (creator.postingRefusal) return apiError(creator.postingRefusal.status, creator.postingRefusal.code, creator.postingRefusal.message);
    return apiOk({
      creator_avatar_url: `https://p16-sign.tiktokcdn-us.com/${creator.openId}.jpeg`,
      creator_username: creator.username,
      creator_nickname: creator.displayName,
      privacy_level_options: creator.privacyLevelOptions,
      comment_disabled: creator.commentDisabled,
      duet_disabled: creator.duetDisabled,
      stitch_disabled: creator.stitchDisabled,
      max_video_post_duration_sec: creator.maxVideoPostDurationSec,
    });
  }

  /** `POST /v2/post/publish/video/init/`: `{post_info, source_info: {source: FILE_UPLOAD, video_size, chunk_size, total_chunk_count}}`. */
  initVideo(grant: TikTokGrant, body: { post_info?: Record<string, unknown>; source_info?: Record<string, unknown> }): TikTokAnswer {
    const refused = this.postingRefusal(grant, body.post_info);
    if (refused) return refused;
    const postInfo = body.post_info!;
    const title = typeof postInfo.title === 'string' ? postInfo.title : '';
    if (title.length > TITLE_LIMIT) return apiError(400, 'invalid_param', `The title is too long: at most ${TITLE_LIMIT} UTF-16 runes.`);
    if (body.source_info?.source !== 'FILE_UPLOAD') return apiError(400, 'invalid_param', 'source_info.source must be FILE_UPLOAD or PULL_FROM_URL.');
    const fault = chunkRuleFault(body.source_info as Partial<FileUploadSource>, this.chunkRules);
    if (fault) return apiError(400, 'invalid_param', fault);
    const upload = openUpload(body.source_info as unknown as FileUploadSource);
    const publish = this.create(grant.creator, 'VIDEO', `v_pub_file~v2-1.${this.nextPostId}`, postInfo, title, { upload });
    return apiOk({ publish_id: publish.publishId, upload_url: `${this.uploadBaseUrl()}/video/?upload_id=${upload.uploadId}&upload_token=${upload.uploadToken}` });
  }

  /** `PUT {upload_url}`: one chunk of a video, in order. */
  uploadChunk(query: URLSearchParams, contentType: string | undefined, contentRange: string | undefined, bytes: Buffer): TikTokAnswer {
    const publish = this.publishes.find(({ upload }) => upload?.uploadId === query.get('upload_id') && upload.uploadToken === query.get('upload_token'));
    if (!publish?.upload) return apiError(404, 'invalid_param', 'The upload_url is not valid.');
    const answer = receiveChunk(publish.upload, contentType, contentRange, bytes);
    if (answer.status === 201) this.checkVideo(publish);
    return answer;
  }

  /** `POST /v2/post/publish/content/init/`: a photo post, `{post_info, source_info: {source: PULL_FROM_URL, photo_cover_index, photo_images}, post_mode: DIRECT_POST, media_type: PHOTO}`. */
  initPhotos(grant: TikTokGrant, body: { post_info?: Record<string, unknown>; source_info?: Record<string, unknown>; post_mode?: unknown; media_type?: unknown }): TikTokAnswer {
    const refused = this.postingRefusal(grant, body.post_info);
    if (refused) return refused;
    const postInfo = body.post_info!;
    const [title, description] = [postInfo.title, postInfo.description].map((value) => (typeof value === 'string' ? value : ''));
    if (body.post_mode !== 'DIRECT_POST' || body.media_type !== 'PHOTO') return apiError(400, 'invalid_param', 'post_mode must be DIRECT_POST or MEDIA_UPLOAD, and media_type PHOTO.');
    if (title.length > PHOTO_TITLE_LIMIT) return apiError(400, 'invalid_param', `The title is too long: at most ${PHOTO_TITLE_LIMIT} UTF-16 runes.`);
    if (description.length > PHOTO_DESCRIPTION_LIMIT) return apiError(400, 'invalid_param', `The description is too long: at most ${PHOTO_DESCRIPTION_LIMIT} UTF-16 runes.`);
    const { source, photo_images: images, photo_cover_index: cover } = body.source_info ?? {};
    if (source !== 'PULL_FROM_URL' || !Array.isArray(images) || images.length < 1 || images.length > MAX_PHOTOS || !images.every((url) => typeof url === 'string')) {
      return apiError(400, 'invalid_param', `source_info must be PULL_FROM_URL with 1 to ${MAX_PHOTOS} photo_images.`);
    }
    if (!Number.isInteger(cover) || (cover as number) < 0 || (cover as number) >= images.length) return apiError(400, 'invalid_param', 'photo_cover_index must be the index of one of the photo_images.');
    if (!images.every((url: string) => this.verifiedUrlPrefixes.some((prefix) => url.startsWith(prefix)))) {
      return apiError(403, 'url_ownership_unverified', 'To use PULL_FROM_URL, the developer must verify the ownership of the URL prefix or domain.');
    }
    const publish = this.create(grant.creator, 'PHOTO', `p_pub_url~v2.${this.nextPostId}`, postInfo, description, { photos: { urls: images as string[], pulled: [] } });
    void this.pull(publish);
    return apiOk({ publish_id: publish.publishId });
  }

  /** `POST /v2/post/publish/status/fetch/` `{publish_id}`: where the publish is; each check brings processing nearer its end. */
  status({ creator, scopes }: TikTokGrant, body: { publish_id?: unknown }): TikTokAnswer {
    if (!scopes.includes('video.publish')) return apiError(401, 'scope_not_authorized', SCOPE_NOT_AUTHORIZED);
    const publish = this.publishes.find((found) => found.publishId === body.publish_id && found.openId === creator.openId);
    if (!publish) return apiError(400, 'invalid_param', 'The publish_id is invalid or does not belong to this user.');
    const mediaThere = publish.upload ? uploadComplete(publish.upload) : publish.photos!.pulled.length === publish.photos!.urls.length;
    if (mediaThere && publish.status !== 'FAILED' && publish.status !== 'PUBLISH_COMPLETE' && publish.checksLeft-- <= 0) {
      publish.status = 'PUBLISH_COMPLETE';
      // Only a public post gets an id others may see.
      if (publish.postInfo.privacy_level === 'PUBLIC_TO_EVERYONE') publish.postId = String(this.nextPostId++);
    }
    return apiOk({
      status: publish.status,
      ...(publish.failReason ? { fail_reason: publish.failReason } : {}),
      publicaly_available_post_id: publish.postId ? [int64(publish.postId)] : [],
      ...(publish.upload ? { uploaded_bytes: publish.upload.receivedBytes } : { downloaded_bytes: publish.photos!.pulled.reduce((sum, file) => sum + file.length, 0) }),
    });
  }

  /** Whether TikTok holds the publish's media whole and has not failed it: the post is (or will be) on TikTok. */
  isOnTikTok(publish: TikTokPublish): boolean {
    if (publish.status === 'FAILED') return false;
    return publish.upload ? uploadComplete(publish.upload) : publish.photos!.pulled.length === publish.photos!.urls.length;
  }

  /** The media of a publish as TikTok holds them: the video's chunks put together, or the photos pulled. */
  filesOf(publish: TikTokPublish): Buffer[] {
    return publish.upload ? [Buffer.concat(publish.upload.chunks)] : publish.photos!.pulled;
  }

  /** Why a post of this creator with this `post_info` is refused before anything is made, or null. */
  private postingRefusal({ creator, scopes }: TikTokGrant, postInfo: Record<string, unknown> | undefined): TikTokAnswer | null {
    if (!scopes.includes('video.publish')) return apiError(401, 'scope_not_authorized', SCOPE_NOT_AUTHORIZED);
    if (creator.postingRefusal) return apiError(creator.postingRefusal.status, creator.postingRefusal.code, creator.postingRefusal.message);
    if (!postInfo || typeof postInfo !== 'object') return apiError(400, 'invalid_param', 'post_info is required.');
    if (!creator.privacyLevelOptions.includes(String(postInfo.privacy_level))) {
      return apiError(403, 'privacy_level_option_mismatch', 'The privacy_level is not one of the privacy_level_options the creator info gives.');
    }
    return null;
  }

  private create(creator: TikTokCreator, mediaType: TikTokPublish['mediaType'], publishId: string, postInfo: Record<string, unknown>, text: string, media: Pick<TikTokPublish, 'upload'> | Pick<TikTokPublish, 'photos'>): TikTokPublish {
    this.nextPostId++;
    const status: PublishStatus = mediaType === 'VIDEO' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD';
    const publish: TikTokPublish = { publishId, openId: creator.openId, mediaType, postInfo, text, status, failReason: null, postId: null, upload: null, photos: null, checksLeft: this.processingChecks, maxVideoSeconds: creator.maxVideoPostDurationSec, ...media };
    this.publishes.push(publish);
    return publish;
  }

  /** The whole video is there: TikTok checks it (a video longer than the creator may post fails). */
  private checkVideo(publish: TikTokPublish): void {
    const seconds = mp4Seconds(Buffer.concat(publish.upload!.chunks));
    if (seconds !== null && seconds > publish.maxVideoSeconds) [publish.status, publish.failReason] = ['FAILED', 'duration_check_failed'];
  }

  /** TikTok fetches each photo from its address: one it cannot fetch, or that is not a JPEG or WebP image, fails the publish. */
  private async pull(publish: TikTokPublish): Promise<void> {
    for (const url of publish.photos!.urls) {
      const answer = await fetch(url).catch(() => null);
      if (!answer?.ok) return void ([publish.status, publish.failReason] = ['FAILED', 'photo_pull_failed']);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
      const webp = bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
      if (!jpeg && !webp) return void ([publish.status, publish.failReason] = ['FAILED', 'file_format_check_failed']);
      publish.photos!.pulled.push(bytes);
    }
  }
}
