import { FollowUp, PublishMedia, PublishOutcome } from '../publish-provider';
import { absolutePermalink, GraphClient, okBody } from './facebook-graph';
import { createdId } from './facebook-steps';

export const FacebookCommentMessages = {
  oneImage: 'A Facebook comment takes at most one image.',
  noVideo: 'A Facebook comment takes an image, not a video.',
  noStoryComment: 'A Facebook story takes no comments; publish the second content item elsewhere.',
} as const;

/**
 * The Page's comment on its own post (`POST /{post}/comments`, `message`, and one image as
 * `attachment_url`, fetched by Facebook): the version's second content item, its "first comment".
 * Reading comments back needs more than the permissions the service asks for, so a comment has
 * no lookup: one whose answer was lost is reported unknown, never sent again. Its address is its
 * `permalink_url`, else the post's.
 */
export async function publishComment(graph: GraphClient, followUp: FollowUp, text: string, media: readonly PublishMedia[]): Promise<PublishOutcome> {
  if (media.length > 1) return { kind: 'rejected', message: FacebookCommentMessages.oneImage };
  if (media.some((file) => file.mimeType.startsWith('video/'))) return { kind: 'rejected', message: FacebookCommentMessages.noVideo };
  const post = followUp.root.externalId;
  const answer = await graph.post(`${post}/comments`, { message: text, ...(media.length === 1 ? { attachment_url: media[0].url() } : {}) });
  const id = createdId(answer, 'id', false);
  if (typeof id !== 'string') return id;
  const permalink = okBody<{ permalink_url?: unknown }>(await graph.get(id, { fields: 'permalink_url' }))?.permalink_url;
  return { kind: 'published', externalId: id, externalUrl: typeof permalink === 'string' && permalink ? absolutePermalink(permalink) : followUp.root.externalUrl };
}
