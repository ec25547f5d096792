import { answer, api, type Post, postAsRead } from '../../api';
import { isMovable, movedBody, NOT_MOVABLE, PAST_DAY } from './moved-body';

/** `PUT /api/{ws}/posts/{uuid}` with the revision the calendar read, as editing the post does; refused before any call for a past day or a post that may not move. */
export async function movePost(workspaceUuid: string, post: Post, date: string, today: string, timeZone: string): Promise<Post> {
  if (!isMovable(post)) throw new Error(NOT_MOVABLE);
  if (date < today) throw new Error(PAST_DAY);
  return answer(api.PUT('/api/{workspaceUuid}/posts/{postUuid}', { ...postAsRead(workspaceUuid, post), body: movedBody(post, date, timeZone) }));
}
