import type { PostActionRequest, PostCommandReply } from '@app/contracts';
import type { ExistingPostState } from '@app/domain';
import { existingState, toPostView } from '../post-view/to-post-view';
import type { PostCommandRunner } from './post-command-runner';

/** The commands a member sends about a post as it stands, with no content: approve, retry. */
export type PostActionType = 'ApprovePost' | 'RetryPost';

/** Runs an action on a post for the member who asked (at the revisions they read it at), answered from the aggregate. */
export async function runPostAction(
  runner: PostCommandRunner,
  type: PostActionType,
  { postUuid, workspaceUuid, actor, expectedRevisions }: PostActionRequest,
): Promise<{ reply: PostCommandReply; state: ExistingPostState }> {
  const now = new Date().toISOString();
  const outcome = await runner.run(postUuid, { type, actor, now, expectedRevisions }, { workspaceUuid });
  const state = existingState(outcome.answer.state);
  return { reply: { post: toPostView(state), revision: outcome.answer.revision }, state };
}
