import { answer, api, type Post } from '../../api';
import { isMovable, movedBody, NOT_MOVABLE, PAST_DAY } from './moved-body';

/** `PUT /api/{ws}/posts/{uuid}`, as editing the post does; refused before any call for a past day or a post that may not move. */
export async function movePost(workspaceUuid: string, post: Post, date: string, today: string, timeZone: string): Promise<Post> {
  if (!isMovable(post)) throw new Error(NOT_MOVABLE);
  if (date < today) throw new Error(PAST_DAY);
  return answer(api.PUT('/api/{workspaceUuid}/posts/{postUuid}', { params: { path: { workspaceUuid, postUuid: post.uuid } }, body: movedBody(post, date, timeZone) }));
}
