import { FacebookGraphState } from './facebook-graph-state';
import { GraphAnswer, invalidParameter, ok } from './graph-answers';
import type { PageCall } from './facebook-page-api';

/** What people did with a Page's post, as the local Graph API counts it; every figure 0 until a test sets it. */
export interface PostEngagement {
  reactions: number;
  comments: number;
  shares: number;
  post_media_view: number;
  post_total_media_view_unique: number;
  post_clicks: number;
}

/** The post insights the local Graph API knows (Page Insights reference, post metrics of lifetime period). */
const POST_METRICS = ['post_media_view', 'post_total_media_view_unique', 'post_clicks'] as const;

/**
 * The engagement of a Page's posts as the local Graph API answers it: `GET /{post-id}` with the
 * summary fields (`reactions.summary(total_count)`, `comments.summary(total_count)` and `shares`,
 * which Facebook leaves out while nobody shared the post), and `GET /{post-id}/insights?metric=`
 * (lifetime values). A post is a feed post or a story (`{page}_{post}`), or the post of a video or
 * reel of the Page (`{page}_{video}`).
 */
export class FacebookPostInsights {
  readonly engagement = new Map<string, PostEngagement>();

  constructor(private readonly state: FacebookGraphState) {}

  /** People react to, comment on, share, see and click the post: its figures become these. */
  set(postId: string, figures: Partial<PostEngagement>): void {
    this.engagement.set(postId, { ...this.of(postId), ...figures });
  }

  /** The answer to a call about a post's engagement, or null when the call is not one (another API answers it). */
  answer({ method, segments, params, pageId }: PageCall): GraphAnswer | null {
    const [postId, edge, extra] = segments;
    if (method !== 'GET' || extra !== undefined || !postId || !this.isPost(pageId, postId)) return null;
    if (edge === 'insights') return this.insights(postId, String(params.metric ?? ''));
    const fields = String(params.fields ?? '').split(',').filter(Boolean);
    const named = (name: string) => fields.find((field) => field === name || field.startsWith(`${name}.`));
    if (edge !== undefined || !['reactions', 'comments', 'shares'].some(named)) return null;
    const figures = this.of(postId);
    const summary = (field: string | undefined, total: number, extras: Record<string, unknown>) => ({ data: [], ...(field?.includes('.summary(') && { summary: { ...extras, total_count: total } }) });
    return ok({
      id: postId,
      ...(named('reactions') && { reactions: summary(named('reactions'), figures.reactions, { viewer_reaction: 'NONE' }) }),
      ...(named('comments') && { comments: summary(named('comments'), figures.comments, { order: 'ranked', can_comment: true }) }),
      ...(named('shares') && figures.shares > 0 && { shares: { count: figures.shares } }),
    });
  }

  private insights(postId: string, metric: string): GraphAnswer {
    const names = metric.split(',').filter(Boolean);
    if (names.length === 0) return invalidParameter('No metric was specified to be fetched. Please specify one or more metrics to be fetched and try again.');
    const unknown = names.find((name) => !(POST_METRICS as readonly string[]).includes(name));
    if (unknown) return invalidParameter(`The value must be a valid insights metric: ${unknown}`);
    const figures = this.of(postId);
    return ok({
      data: (names as (typeof POST_METRICS)[number][]).map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: figures[name] }],
        title: `Lifetime ${name.replace(/_/g, ' ')}`,
        description: `Lifetime: the ${name.replace(/_/g, ' ')} of your post.`,
        id: `${postId}/insights/${name}/lifetime`,
      })),
      paging: {},
    });
  }

  private of(postId: string): PostEngagement {
    return this.engagement.get(postId) ?? { reactions: 0, comments: 0, shares: 0, post_media_view: 0, post_total_media_view_unique: 0, post_clicks: 0 };
  }

  /** Whether the Page has this post: a feed post, a story, or a published video's or reel's post. */
  private isPost(pageId: string, postId: string): boolean {
    const [page, object] = postId.split('_');
    if (page !== pageId || object === undefined) return false;
    if (this.state.posts.some((post) => post.id === postId) || this.state.stories.some((story) => story.postId === postId)) return true;
    const video = this.state.videos.get(object);
    return video?.pageId === pageId && video.published;
  }
}
