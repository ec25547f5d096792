import { reddit as redditPlatform } from '@app/platforms';
import { HttpAnswer, HttpCall } from '../http/provider-http';
import { ProviderFailure, PublishOutcome } from '../publish-provider';
import { bearer, formBody } from './reddit-api';
import { redditFailure } from './reddit-errors';
import { createdSince } from './reddit-journal';

/** Where a post goes and what it is called: the version's options, the account's subreddit as the default. */
export interface SubmissionTarget {
  /** The subreddit's name as `sr` takes it: no `r/` prefix. */
  subreddit: string;
  title: string;
  flairId: string | null;
  flairText: string | null;
}

/** How Reddit shows the post: a self (text) post, a link post, or an image post. */
export type SubmissionKind = { kind: 'self'; text: string } | { kind: 'link'; url: string } | { kind: 'image'; url: string; text: string };

/** A post found among the account's, or answered by a submit, as the listing and the submit name it. */
interface SubmissionThing {
  name: string;
  permalink?: string;
  url?: string;
}

/** A text that is nothing but a web address is published as a link post to that address. */
const ONLY_AN_ADDRESS = /^https?:\/\/\S+$/i;

export const RedditPublishMessages = {
  noSubreddit: 'A Reddit post needs a subreddit: the version’s options.reddit.subreddit, or the account’s settings.subreddit.',
  noTitle: 'A Reddit post needs a title: the version’s options.reddit.title.',
} as const;

/** `r/typescript`, `/r/typescript/` or `typescript`: the name `sr` takes. */
export const subredditName = (given: string): string => given.trim().replace(/^\/?r\//i, '').replace(/\/+$/, '');

/** The subreddit and title of the version's options (read as the platform's rules read them), else why there are none. */
export function submissionTarget(settings: Record<string, unknown>, options: Readonly<Record<string, unknown>> | undefined): SubmissionTarget | ProviderFailure {
  const read = redditPlatform.readOptions(options ?? {});
  const fallback = typeof settings.subreddit === 'string' ? settings.subreddit : null;
  const subreddit = subredditName(read.subreddit ?? fallback ?? '');
  if (!subreddit) return { kind: 'rejected', message: RedditPublishMessages.noSubreddit };
  if (!read.title) return { kind: 'rejected', message: RedditPublishMessages.noTitle };
  return { subreddit, title: read.title, flairId: read.flair_id, flairText: read.flair_text };
}

/** An uploaded image makes an image post (the text its body); a text that is only a web address, a link post; any other text, a self post. */
export function submissionKind(text: string, imageUrl: string | null): SubmissionKind {
  if (imageUrl) return { kind: 'image', url: imageUrl, text };
  return ONLY_AN_ADDRESS.test(text.trim()) ? { kind: 'link', url: text.trim() } : { kind: 'self', text };
}

/** `POST /api/submit`: the post, with flair when the options give one; a link already posted there may be posted again. */
export function submitCall(apiUrl: string, target: SubmissionTarget, kind: SubmissionKind, token: string): HttpCall {
  return {
    method: 'POST',
    url: `${apiUrl}/api/submit`,
    headers: bearer(token),
    bytes: formBody({
      api_type: 'json',
      sr: target.subreddit,
      kind: kind.kind,
      title: target.title,
      text: kind.kind === 'link' ? undefined : kind.text,
      url: kind.kind === 'self' ? undefined : kind.url,
      flair_id: target.flairId,
      flair_text: target.flairText,
      resubmit: 'true',
      sendreplies: 'true',
    }),
  };
}

/** A post as published: its fullname (`t3_<id>`) and its address on reddit.com. */
export function publishedSubmission(thing: SubmissionThing): PublishOutcome {
  const address = thing.permalink ? `https://www.reddit.com${thing.permalink}` : (thing.url ?? null);
  return { kind: 'published', externalId: thing.name, externalUrl: address };
}

/**
 * The account's post of this subreddit and title created since the first attempt, among its
 * newest: what a submit whose answer was lost (or that Reddit was still processing) created.
 */
export function foundSubmission(answer: HttpAnswer, target: SubmissionTarget, since: Date): PublishOutcome | ProviderFailure | null {
  if (answer.kind !== 'answer' || answer.status !== 200) return redditFailure(answer);
  type Child = { kind?: string; data?: { name?: string; subreddit?: string; title?: string; created_utc?: number; permalink?: string } };
  const children = ((answer.body as { data?: { children?: Child[] } } | null)?.data?.children ?? []).filter((child) => child.kind === 't3' && child.data?.name);
  const found = children.find(({ data }) => {
    const sameSubreddit = subredditName(data!.subreddit ?? '').toLowerCase() === target.subreddit.toLowerCase();
    return sameSubreddit && (data!.title ?? '').trim() === target.title.trim() && createdSince(data!.created_utc, since);
  });
  return found ? publishedSubmission({ name: found.data!.name!, permalink: found.data!.permalink }) : null;
}
