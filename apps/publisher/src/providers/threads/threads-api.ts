import { HttpAnswer, ProviderHttp } from '../http/provider-http';
import { ProcessingCheck } from '../processing/await-processing';
import { ProviderFailure } from '../publish-provider';
import { ContainerParams } from './threads-containers';
import { threadsFailure } from './threads-errors';

/** What a container's status tells a publish: ready to publish, or published already. */
export type ContainerState = 'finished' | 'published';

/** A post of the profile as Threads lists it. */
export interface ListedPost {
  id: string;
  permalink: string | null;
}

/** How long before the first attempt a post found by the lookup may have been published (the clocks of Threads and of this service differ a little). */
const LOOKUP_MARGIN_MS = 5_000;

/** When the profile has used its publishing quota: Threads does not say when a post leaves its moving 24-hour window. */
export const QUOTA_RETRY_MS = 60 * 60_000;

export const ThreadsMessages = {
  quotaUsed: (usage: number, total: number) => `The Threads profile has published ${usage} of the ${total} posts Threads allows in 24 hours; trying again later.`,
  containerFailed: (status: string, detail: string | null) => `Threads could not prepare the post (container status ${status}${detail ? `: ${detail}` : ''}).`,
  notListedYet: 'Threads published the post but does not list it yet; looking for it again later.',
} as const;

/**
 * The calls of one publish to the Threads API (`graph.threads.net/v1.0`), as one profile with its
 * access token (sent as a Bearer token): media containers, their status, `threads_publish`, the
 * publishing quota, the profile's posts and replies for the lookup after a lost answer, and a
 * post's insights.
 */
export class ThreadsApi {
  constructor(
    private readonly http: ProviderHttp,
    private readonly apiUrl: string,
    private readonly token: string,
    private readonly userId: string,
  ) {}

  /** A new media container: its id. */
  async createContainer(params: ContainerParams): Promise<string | ProviderFailure> {
    const answer = await this.post(`${this.userPath}/threads`, params);
    return idOf(answer) ?? threadsFailure(answer);
  }

  /** One check of a container, for awaitProcessing: done when it is FINISHED (or PUBLISHED), a refusal when ERROR or EXPIRED. */
  async containerState(containerId: string): Promise<ProcessingCheck<ContainerState>> {
    const answer = await this.get(`/${encodeURIComponent(containerId)}?fields=status,error_message`);
    if (answer.kind !== 'answer' || answer.status !== 200) return threadsFailure(answer);
    const { status, error_message: detail } = answer.body as { status?: string; error_message?: string };
    if (status === 'FINISHED') return { kind: 'done', value: 'finished' };
    if (status === 'PUBLISHED') return { kind: 'done', value: 'published' };
    if (status === 'IN_PROGRESS') return { kind: 'processing', status };
    return { kind: 'rejected', message: ThreadsMessages.containerFailed(String(status), detail ?? null) };
  }

  /** `threads_publish` of a container: the post's id. */
  async publish(containerId: string): Promise<string | ProviderFailure> {
    const answer = await this.post(`${this.userPath}/threads_publish`, { creation_id: containerId });
    return idOf(answer) ?? threadsFailure(answer);
  }

  /** The post's address on Threads (null when Threads withholds it, as for flagged media). */
  async permalinkOf(postId: string): Promise<string | null | ProviderFailure> {
    const answer = await this.get(`/${encodeURIComponent(postId)}?fields=permalink`);
    if (answer.kind !== 'answer' || answer.status !== 200) return threadsFailure(answer);
    const permalink = (answer.body as { permalink?: unknown }).permalink;
    return typeof permalink === 'string' ? permalink : null;
  }

  /** A passing failure when the profile has used its quota of posts (250 in 24 hours), else null. */
  async quotaRefusal(): Promise<ProviderFailure | null> {
    const answer = await this.get(`${this.userPath}/threads_publishing_limit?fields=quota_usage,config`);
    if (answer.kind !== 'answer' || answer.status !== 200) return threadsFailure(answer);
    const [limit] = (answer.body as { data?: Array<{ quota_usage?: number; config?: { quota_total?: number } }> }).data ?? [];
    const usage = limit?.quota_usage;
    const total = limit?.config?.quota_total;
    if (typeof usage !== 'number' || typeof total !== 'number' || usage < total) return null;
    return { kind: 'retry_later', message: ThreadsMessages.quotaUsed(usage, total), retryAfterMs: QUOTA_RETRY_MS };
  }

  /**
   * The post a publish whose answer was lost created: among the profile's posts (a reply: its
   * replies, to `parent`) published since the first attempt, the earliest with this text.
   */
  async findPublished(text: string, parent: string | null, since: Date): Promise<ListedPost | null | ProviderFailure> {
    const fields = parent ? 'id,text,timestamp,permalink,replied_to' : 'id,text,timestamp,permalink';
    const from = Math.floor((since.getTime() - LOOKUP_MARGIN_MS) / 1000);
    const answer = await this.get(`${this.userPath}/${parent ? 'replies' : 'threads'}?fields=${fields}&since=${from}&limit=100`);
    if (answer.kind !== 'answer' || answer.status !== 200) return threadsFailure(answer);
    type Listed = { id: string; text?: string; permalink?: string; replied_to?: { id?: string } };
    const posts = (answer.body as { data?: Listed[] }).data ?? [];
    // Newest first: the earliest match is the last.
    const found = posts.filter((post) => (post.text ?? '') === text && (parent === null || post.replied_to?.id === parent)).at(-1);
    return found ? { id: found.id, permalink: found.permalink ?? null } : null;
  }

  /** `GET /{media-id}/insights`: the post's lifetime figures, of the metrics named (`threads_manage_insights`). */
  insights(postId: string, metrics: readonly string[]): Promise<HttpAnswer> {
    return this.get(`/${encodeURIComponent(postId)}/insights?metric=${metrics.join(',')}`);
  }

  /** `DELETE /{media-id}`: null once deleted. */
  async deletePost(postId: string): Promise<ProviderFailure | null> {
    const answer = await this.http.send({ method: 'DELETE', url: `${this.apiUrl}/${encodeURIComponent(postId)}`, headers: this.headers });
    const deleted = answer.kind === 'answer' && answer.status === 200 && (answer.body as { success?: unknown } | null)?.success === true;
    return deleted ? null : threadsFailure(answer);
  }

  private get userPath(): string {
    return `/${encodeURIComponent(this.userId)}`;
  }

  private get headers(): Record<string, string> {
    return { authorization: `Bearer ${this.token}` };
  }

  private get(path: string): Promise<HttpAnswer> {
    return this.http.send({ method: 'GET', url: `${this.apiUrl}${path}`, headers: this.headers });
  }

  private post(path: string, params: ContainerParams): Promise<HttpAnswer> {
    const form = new URLSearchParams(params).toString();
    return this.http.send({ method: 'POST', url: `${this.apiUrl}${path}`, headers: this.headers, bytes: { data: Buffer.from(form), contentType: 'application/x-www-form-urlencoded' } });
  }
}

function idOf(answer: HttpAnswer): string | null {
  if (answer.kind !== 'answer' || answer.status !== 200 || !answer.body || typeof answer.body !== 'object') return null;
  const id = (answer.body as { id?: unknown }).id;
  return typeof id === 'string' && id ? id : null;
}
