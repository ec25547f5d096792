import { HttpAnswer } from '../http/provider-http';
import { ProcessingSettings } from '../processing/await-processing';
import { ProviderFailure, PublishOutcome, PublishProgress } from '../publish-provider';
import { facebookFailure } from './facebook-errors';
import { absolutePermalink, FACEBOOK_WEB, GraphClient, okBody } from './facebook-graph';

/**
 * What a publish to a Page journaled of one content item, each field recorded before the step it
 * names is taken (or, for ids, as soon as Facebook gave them), so that a try made again resumes.
 */
export interface FacebookSteps {
  /** Photos uploaded unpublished (the photos of a multi-photo post, the photo of a story), in the order of the media. */
  photo_ids?: string[];
  /** When the request that creates the post was sent (feed, photo, video); a later try looks the post up before sending it again. */
  publish_requested_at?: number;
  /** The video of a reel, a video story or a video post. */
  video_id?: string;
  /** Where the video's upload session takes the hosted file (a reel's or a video story's). */
  upload_url?: string;
  /** The upload host was asked to fetch the video. */
  upload_requested?: boolean;
  /** The upload host answered that it has the video. */
  uploaded?: boolean;
  /** Facebook was asked to publish the uploaded video (finish), or the story. */
  finish_requested?: boolean;
  /** When Facebook began processing what it publishes (epoch ms): the processing timeout counts from here. */
  processing_started_at?: number;
  /** The published item's id: what is left is to find its address. */
  post_id?: string;
}

/** What every way of publishing to a Page needs. */
export interface PageContext {
  graph: GraphClient;
  pageId: string;
  progress: PublishProgress;
  /** When the first attempt of the post began: a lookup finds nothing created before it. */
  firstAttemptAt: Date;
  processing: ProcessingSettings;
}

/** What was journaled, with the fields of their types only (anything else is ignored as if never recorded). */
export async function stepsOf(progress: PublishProgress): Promise<FacebookSteps> {
  const recorded = (await progress.read()) ?? {};
  const steps: FacebookSteps = {};
  const string = (name: keyof FacebookSteps) => (typeof recorded[name] === 'string' && recorded[name] ? (recorded[name] as string) : undefined);
  const number = (name: keyof FacebookSteps) => (typeof recorded[name] === 'number' ? (recorded[name] as number) : undefined);
  if (Array.isArray(recorded.photo_ids) && recorded.photo_ids.every((id) => typeof id === 'string')) steps.photo_ids = recorded.photo_ids as string[];
  steps.publish_requested_at = number('publish_requested_at');
  steps.video_id = string('video_id');
  steps.upload_url = string('upload_url');
  steps.upload_requested = recorded.upload_requested === true || undefined;
  steps.uploaded = recorded.uploaded === true || undefined;
  steps.finish_requested = recorded.finish_requested === true || undefined;
  steps.processing_started_at = number('processing_started_at');
  steps.post_id = string('post_id');
  return steps;
}

/** What a published item is, for its address when Facebook gives no permalink. */
export type PublishedKind = 'post' | 'video' | 'reel';

/** The address of an item whose permalink could not be read: Facebook's own redirects by id. */
function fallbackAddress(kind: PublishedKind, id: string): string {
  if (kind === 'reel') return `${FACEBOOK_WEB}/reel/${encodeURIComponent(id)}`;
  if (kind === 'video') return `${FACEBOOK_WEB}/watch/?v=${encodeURIComponent(id)}`;
  return `${FACEBOOK_WEB}/${encodeURIComponent(id)}`;
}

/**
 * The item is on the Page: its id journaled (a try made again goes straight here), and its
 * address, the `permalink_url` Facebook gives for it, read now unless already known. The item is
 * published whatever that read answers: a permalink that cannot be read now is replaced by the
 * address Facebook redirects from the id, never by a failure that could have it published again.
 */
export async function publishedItem(context: PageContext, id: string, kind: PublishedKind, permalink: string | null = null): Promise<PublishOutcome> {
  const steps = await stepsOf(context.progress);
  if (steps.post_id !== id) await context.progress.record({ post_id: id });
  if (permalink) return { kind: 'published', externalId: id, externalUrl: absolutePermalink(permalink) };
  const answer = await context.graph.get(id, { fields: 'permalink_url' });
  const read = okBody<{ permalink_url?: unknown }>(answer)?.permalink_url;
  if (typeof read === 'string' && read) return { kind: 'published', externalId: id, externalUrl: absolutePermalink(read) };
  return { kind: 'published', externalId: id, externalUrl: fallbackAddress(kind, id) };
}

/** The id in a 200 answer (`{id}`, or `post_id` where Facebook names the post beside its media), or the failure it is. */
export function createdId(answer: HttpAnswer, field: 'id' | 'post_id' | 'video_id' = 'id', repeatable = true): string | ProviderFailure {
  const value = okBody<Record<string, unknown>>(answer)?.[field];
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'number') return String(value);
  return facebookFailure(answer, repeatable);
}
