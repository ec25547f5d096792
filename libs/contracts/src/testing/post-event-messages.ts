import { randomUUID } from 'node:crypto';
import type { PostEventMessage, PostEventName } from '../post-events';
import type { PostMetricsEntry } from '../post-metrics-view';
import type { PostView } from '../post-view';

export const SAMPLE_WORKSPACE = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const AT = '2026-11-22T09:00:00.000Z';

export interface SampleOptions {
  postUuid?: string;
  workspaceUuid?: string;
  revision?: number;
  post?: Partial<PostView>;
  deleted?: boolean;
  /** post.publishing_started: the round's accounts (default: every account of the post). */
  accountIds?: number[];
  /** post.account_published / post.account_failed. */
  accountId?: number;
  /** post.metrics_updated: the post's figures (default: none). */
  metrics?: PostMetricsEntry[];
}

/** A valid `post-events` message for tests of its readers; the post is a draft with one sandbox account unless told otherwise. */
export function samplePostEvent(type: PostEventName, options: SampleOptions = {}): PostEventMessage {
  const postUuid = options.postUuid ?? randomUUID();
  const post: PostView = {
    uuid: postUuid,
    status: 'draft',
    versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }], options: {} }],
    accounts: [{ id: 11, provider: 'sandbox', name: 'Sandbox', username: null, external_url: null, errors: [], status: 'pending', published_at: null, items: [null] }],
    tags: [],
    recycle: null,
    recycled_from: null,
    scheduled_at: null,
    published_at: null,
    created_at: AT,
    updated_at: AT,
    ...options.post,
  };
  const common = {
    version: 1 as const,
    id: randomUUID(),
    workspaceUuid: options.workspaceUuid ?? SAMPLE_WORKSPACE,
    postUuid,
    revision: options.revision ?? 0,
    occurredAt: post.updated_at,
    post,
    deleted: options.deleted ?? type === 'post.deleted',
  };
  if (type === 'post.publishing_started') return { ...common, type, accountIds: options.accountIds ?? post.accounts.map((account) => account.id) };
  if (type === 'post.account_published' || type === 'post.account_failed') return { ...common, type, accountId: options.accountId ?? post.accounts[0]?.id ?? 0 };
  if (type === 'post.metrics_updated') return { ...common, type, accountId: options.accountId ?? post.accounts[0]?.id ?? 0, metrics: options.metrics ?? [] };
  return { ...common, type };
}
