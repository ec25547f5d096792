import { classifyFailure, HttpAnswer } from '../http/provider-http';
import { ProviderFailure } from '../publish-provider';
import { linkedinMessage } from './linkedin-errors';

/** LinkedIn's limit of a comment's images. */
export const LINKEDIN_COMMENT_IMAGES = 1;

/**
 * The body of `POST /rest/socialActions/{post}/comments` (Comments API): the member's comment on
 * their own post, its text as `message.text` (plain text, not the posts' little text), with an
 * image as `content` when it has one.
 */
export function commentBody(actor: string, post: string, text: string, image: string | null): Record<string, unknown> {
  return { actor, object: post, message: { text }, ...(image ? { content: [{ entity: { image } }] } : {}) };
}

/** The URN of the comment LinkedIn created (201, the comment in the body): `commentUrn`, or `$URN`. */
export function commentUrnOf(answer: HttpAnswer): string | null {
  if (answer.kind !== 'answer' || answer.status !== 201 || !answer.body || typeof answer.body !== 'object') return null;
  const { commentUrn, $URN: urn } = answer.body as { commentUrn?: unknown; $URN?: unknown };
  const found = typeof commentUrn === 'string' ? commentUrn : urn;
  return typeof found === 'string' && found ? found : null;
}

/** Where a comment is seen on the web: its post's page, the comment named. */
export const commentUrl = (post: string, commentUrn: string): string => `https://www.linkedin.com/feed/update/${post}?commentUrn=${encodeURIComponent(commentUrn)}`;

/** `urn:li:comment:(<object>,<id>)`: what the comment is on and its id, or null for another URN. */
export function commentParts(urn: string): { object: string; id: string } | null {
  const match = /^urn:li:comment:\((.+),(\d+)\)$/.exec(urn);
  return match ? { object: match[1], id: match[2] } : null;
}

/**
 * LinkedIn refuses no duplicate comment, and reading comments back needs a permission apps seldom
 * have (r_member_social): a comment whose answer was lost is not sent again (unknown).
 */
export const linkedinCommentFailure = (answer: HttpAnswer): ProviderFailure => classifyFailure(answer, { message: linkedinMessage(answer), resetMs: null, repeatable: false });
