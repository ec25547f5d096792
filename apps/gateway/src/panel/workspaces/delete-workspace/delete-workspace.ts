import { Injectable, Logger } from '@nestjs/common';
import { AccountStore } from '../../../accounts/account-store';
import { DisconnectAccount } from '../../../accounts/delete-account/disconnect-account';
import { badRequest, workspaceNotFound } from '../../../http/api-error';
import { isUuid } from '../../../http/route-params';
import { PostsReadModel } from '../../../posts/read-model/posts-read-model';
import { WorkspaceStore } from '../workspace-store';

export const workspaceHasPostsInFlight = (count: number): string =>
  `The workspace has ${count} ${count === 1 ? 'post' : 'posts'} scheduled, awaiting approval or publishing. ` +
  'Unschedule or delete them first (wait for a post being published to finish), then delete the workspace.';

/**
 * Deletes a workspace, which nothing may publish for afterwards. Refused while a post of it is
 * scheduled, awaiting approval or publishing. Its accounts are disconnected first (the publisher
 * forgets their credentials): if the publisher cannot be reached the workspace stays and the call
 * can be repeated. Then it is marked deleted and its memberships removed: it answers 404 to
 * everyone and is no longer listed. Its posts, media and notes are kept, unreachable.
 */
@Injectable()
export class DeleteWorkspace {
  private readonly logger = new Logger('Gateway');

  constructor(
    private readonly workspaces: WorkspaceStore,
    private readonly posts: PostsReadModel,
    private readonly accounts: AccountStore,
    private readonly disconnect: DisconnectAccount,
  ) {}

  async delete(uuidText: string): Promise<void> {
    const workspace = isUuid(uuidText) ? await this.workspaces.find(uuidText) : null;
    if (!workspace) throw workspaceNotFound();
    const inFlight = await this.posts.countInFlight(workspace);
    if (inFlight > 0) throw badRequest(workspaceHasPostsInFlight(inFlight));
    for (const account of await this.accounts.list(workspace)) await this.disconnect.disconnect(workspace, account.id);
    if (!(await this.workspaces.markDeleted(workspace))) throw workspaceNotFound();
    this.logger.log(`Workspace ${workspace} deleted`);
  }
}
