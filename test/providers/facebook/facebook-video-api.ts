import { FacebookGraphState, PageVideo } from './facebook-graph-state';
import { FACEBOOK_MAX_CHARACTERS, MediaFetcher, PageCall } from './facebook-page-api';
import { GraphAnswer, graphTime, invalidParameter, ok, uploadError } from './graph-answers';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const VIDEO_STATES = ['PUBLISHED', 'DRAFT', 'SCHEDULED'];

/**
 * Videos as the local Graph API answers them, for a Page token: `POST /{page}/videos` (`file_url`,
 * fetched; `description`: `{id}`, then processed), reels (`POST /{page}/video_reels`,
 * `upload_phase=start` gives `{video_id, upload_url}`; `upload_phase=finish` with `video_id`,
 * `video_state=PUBLISHED` and `description` gives `{success: true}`), video stories
 * (`POST /{page}/video_stories`, start as reels; finish gives `{success: true, post_id}`), the
 * upload host (`POST /video-upload/{version}/{video}`: `Authorization: OAuth <token>` and the
 * hosted file's address in `file_url`, or the bytes themselves; `{success: true}`), a video's
 * `status` (its phases: uploading, processing, publishing) and `permalink_url`, and
 * `GET /{page}/videos` (newest first, from `since`). A finished video is processing for
 * `processingChecks` looks at its status, then ready (and published).
 */
export class FacebookVideoApi {
  constructor(
    private readonly state: FacebookGraphState,
    private readonly fetchMedia: MediaFetcher,
    /** Where upload sessions are sent (the upload host; in tests, the proxy in front of this server). */
    private readonly uploadBase: () => string,
  ) {}

  async answer(call: PageCall): Promise<GraphAnswer | null> {
    const [id, edge, extra] = call.segments;
    if (extra !== undefined) return null;
    const own = id === call.pageId;
    if (call.method === 'POST' && own && edge === 'videos') return this.videoPost(call);
    if (call.method === 'GET' && own && edge === 'videos') return this.videosOf(call);
    if (call.method === 'POST' && own && (edge === 'video_reels' || edge === 'video_stories')) return this.session(call, edge === 'video_reels' ? 'reel' : 'story');
    const video = edge === undefined && call.method === 'GET' ? this.state.videos.get(id) : undefined;
    if (video?.pageId === call.pageId) return this.shown(video, text(call.params.fields || 'id').split(','));
    return null;
  }

  /** `POST /video-upload/{version}/{video}` on the upload host. */
  async upload(pageId: string, videoId: string, fileUrl: string | undefined, body: Buffer): Promise<GraphAnswer> {
    const video = this.state.videos.get(videoId);
    if (!video || video.pageId !== pageId) return uploadError(400, 'NotFoundError', `The upload session ${videoId} does not exist.`);
    const bytes = fileUrl ? await this.fetchMedia(fileUrl) : body.length > 0 ? body : null;
    if (!bytes) return uploadError(400, 'ProcessingFailedError', fileUrl ? 'Failed to fetch the file from the given file_url.' : 'The request carries no file.');
    video.bytes = bytes;
    if (video.phase === 'started') video.phase = 'uploaded';
    return ok({ success: true });
  }

  private async videoPost({ pageId, params }: PageCall): Promise<GraphAnswer> {
    const description = text(params.description);
    if ([...description].length > FACEBOOK_MAX_CHARACTERS) return invalidParameter(`Param description must be at most ${FACEBOOK_MAX_CHARACTERS} characters long`);
    const bytes = text(params.file_url) ? await this.fetchMedia(text(params.file_url)) : null;
    if (!bytes) return invalidParameter('There was a problem uploading your video file. Please try again with another file.');
    const video = this.newVideo(pageId, 'video');
    Object.assign(video, { description, bytes, phase: 'finished' });
    return ok({ id: video.id });
  }

  private videosOf({ pageId, params }: PageCall): GraphAnswer {
    const from = Number(params.since ?? 0) * 1000;
    const videos = [...this.state.videos.values()].filter((video) => video.pageId === pageId && video.kind === 'video' && video.createdAt >= from).reverse();
    return ok({ data: videos.map((video) => ({ id: video.id, description: video.description || undefined, created_time: graphTime(video.createdAt) })), paging: {} });
  }

  private session({ pageId, params }: PageCall, kind: 'reel' | 'story'): GraphAnswer {
    const phase = text(params.upload_phase);
    if (phase === 'start') {
      const video = this.newVideo(pageId, kind);
      return ok({ video_id: video.id, upload_url: `${this.uploadBase()}/video-upload/v21.0/${video.id}` });
    }
    if (phase !== 'finish') return invalidParameter('Param upload_phase must be one of {START, TRANSFER, FINISH, CANCEL}');
    const video = this.state.videos.get(text(params.video_id));
    if (!video || video.pageId !== pageId || video.kind !== kind) return invalidParameter('Param video_id must be a valid video of the Page');
    if (video.phase === 'started') return invalidParameter('The video has not been uploaded yet.');
    if (kind === 'reel') {
      if (!VIDEO_STATES.includes(text(params.video_state))) return invalidParameter('Param video_state must be one of {DRAFT, PUBLISHED, SCHEDULED}');
      const description = text(params.description);
      if ([...description].length > FACEBOOK_MAX_CHARACTERS) return invalidParameter(`Param description must be at most ${FACEBOOK_MAX_CHARACTERS} characters long`);
      // Asking again for a video already finished changes nothing: the reel is the video.
      if (video.phase !== 'finished') Object.assign(video, { description, phase: 'finished', checksLeft: this.state.processingChecks });
      return ok({ success: true });
    }
    let story = this.state.stories.find((candidate) => candidate.mediaId === video.id);
    if (!story) {
      video.phase = 'finished';
      video.checksLeft = this.state.processingChecks;
      story = { postId: `${pageId}_${this.state.id()}`, pageId, mediaType: 'video', mediaId: video.id, createdAt: Date.now() };
      this.state.stories.push(story);
    }
    return ok({ success: true, post_id: story.postId });
  }

  private shown(video: PageVideo, fields: string[]): GraphAnswer {
    const all: Record<string, unknown> = { id: video.id, description: video.description || undefined, created_time: graphTime(video.createdAt), permalink_url: this.state.videoPermalink(video) };
    if (fields.includes('status')) all.status = this.statusOf(video);
    return ok(Object.fromEntries(Object.entries(all).filter(([name, value]) => (name === 'id' || fields.includes(name)) && value !== undefined)));
  }

  /** The video's status; each look at a finished video that is processing counts down to ready. */
  private statusOf(video: PageVideo): Record<string, unknown> {
    const uploaded = video.phase !== 'started';
    const uploading = { status: uploaded ? 'complete' : 'not_started', bytes_transferred: video.bytes?.length ?? 0 };
    if (video.phase !== 'finished') {
      return { video_status: uploaded ? 'upload_complete' : 'processing', uploading_phase: uploading, processing_phase: { status: 'not_started' }, publishing_phase: { status: 'not_started' } };
    }
    if (video.processingError) {
      return { video_status: 'error', uploading_phase: uploading, processing_phase: { status: 'error', errors: [{ code: 1363008, message: video.processingError }] }, publishing_phase: { status: 'not_started' } };
    }
    if (video.checksLeft > 0) {
      video.checksLeft--;
      return { video_status: 'processing', uploading_phase: uploading, processing_phase: { status: 'in_progress' }, publishing_phase: { status: 'not_started' } };
    }
    video.published = true;
    return {
      video_status: 'ready',
      uploading_phase: uploading,
      processing_phase: { status: 'complete' },
      publishing_phase: { status: 'complete', publish_status: 'published', publish_time: Math.floor(Date.now() / 1000) },
    };
  }

  private newVideo(pageId: string, kind: PageVideo['kind']): PageVideo {
    const processingError = this.state.failNextProcessing;
    this.state.failNextProcessing = null;
    const video: PageVideo = { id: this.state.id(), pageId, kind, description: '', bytes: null, phase: 'started', checksLeft: this.state.processingChecks, processingError, published: false, createdAt: Date.now() };
    this.state.videos.set(video.id, video);
    return video;
  }
}
