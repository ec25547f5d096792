import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { CreatePostRequest } from '@app/contracts';
import { asksForQueue, PostContentInput, validatePostBody } from '@app/domain';
import { platformRules } from '@app/platforms';
import { AccountStore } from '../accounts/account-store';
import type { AuthenticatedUser, Membership } from '../auth/authenticated-user';
import { validationFailed } from '../http/api-error';
import { isUuid } from '../http/route-params';
import { MediaRecordStore } from '../media/media-record-store';
import { PostingQueues } from '../queue/posting-queues';

/** At most this many media ids of a body are looked up (20 versions of 20 items of 20 ids). */
const MAX_MEDIA_LOOKUPS = 8_000;

/** The media ids a body names that could be media of a workspace (uuids), each once; the validator reports the rest. */
function mediaIdsNamed(body: unknown): string[] {
  const ids = new Set<string>();
  const versions = (body as { versions?: unknown } | null)?.versions;
  for (const version of Array.isArray(versions) ? versions : []) {
    const content = (version as { content?: unknown } | null)?.content;
    for (const item of Array.isArray(content) ? content : []) {
      const media = (item as { media?: unknown } | null)?.media;
      for (const id of Array.isArray(media) ? media : []) if (typeof id === 'string' && isUuid(id) && ids.size < MAX_MEDIA_LOOKUPS) ids.add(id);
    }
  }
  return [...ids];
}

/**
 * The body of a post create or update, checked against this workspace's accounts, media and queue
 * (read when the body asks for it), and the rules of each account's platform (the domain's port,
 * answered by `@app/platforms`): 422 or the domain input. An update may schedule without a time.
 */
@Injectable()
export class PostInputReader {
  constructor(
    private readonly accounts: AccountStore,
    private readonly media: MediaRecordStore,
    private readonly queues: PostingQueues,
  ) {}

  /** A new post's create request from the caller and the body: what creating sends, and what validating checks. */
  async createRequest(user: Pick<AuthenticatedUser, 'userId'>, membership: Membership, body: unknown, postUuid: string = randomUUID()): Promise<CreatePostRequest> {
    return {
      workspaceUuid: membership.workspaceUuid,
      postUuid,
      actor: { userId: user.userId, canApprove: membership.canApprove },
      input: await this.read(membership.workspaceUuid, body),
    };
  }

  async read(workspaceUuid: string, body: unknown, { updating = false } = {}): Promise<PostContentInput> {
    const [targets, media, queue] = await Promise.all([
      this.accounts.postTargets(workspaceUuid),
      this.media.existing(workspaceUuid, mediaIdsNamed(body)),
      asksForQueue(body) ? this.queues.of(workspaceUuid) : undefined,
    ]);
    const videos = new Map([...media].filter(([, fact]) => fact.mimeType.startsWith('video/')).map(([id, { size, durationSeconds }]) => [id, { size, durationSeconds }]));
    const result = validatePostBody(body, { ...targets, platforms: platformRules, media: new Set(media.keys()), videos, now: new Date(), updating, queue });
    if (!result.ok) throw validationFailed(result.errors);
    return result.input;
  }
}
