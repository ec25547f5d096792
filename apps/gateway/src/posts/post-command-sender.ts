import { Inject, Injectable } from '@nestjs/common';
import { PostActionRequest, PostCommandReply, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import type { AuthenticatedUser, Membership } from '../auth/authenticated-user';
import { postUuidFromPath } from './post-uuid';
import { PostResource, withRevision } from './post-revision';
import { ReadYourWrites } from './read-model/read-your-writes';

type PostCommandMethod = (typeof RpcMethods)['createPost' | 'updatePost' | 'approvePost' | 'retryPost' | 'deletePost'];

/** An action of a member on a post as it stands (approve, retry), from the path's uuid and the revisions of `If-Match`. */
export const postActionRequest = (user: AuthenticatedUser, membership: Membership, postUuidText: string, expectedRevisions: number[] | undefined): PostActionRequest => ({
  workspaceUuid: membership.workspaceUuid,
  postUuid: postUuidFromPath(postUuidText),
  actor: { userId: user.userId, canApprove: membership.canApprove },
  expectedRevisions,
});

/**
 * Sends a post command to the post-service and notes the revision it replies with, so that the
 * next read through this gateway waits until the read model shows the change.
 */
@Injectable()
export class PostCommandSender {
  constructor(
    @Inject(RPC_CLIENT) private readonly rpc: RpcClient,
    private readonly progress: ReadYourWrites,
  ) {}

  /** The post after the command, at the revision the post-service replied with (null once deleted). */
  async send(method: PostCommandMethod, request: { workspaceUuid: string; postUuid: string }): Promise<PostResource | null> {
    const reply = await this.rpc.request<PostCommandReply>(method, request);
    this.progress.written(request.workspaceUuid, request.postUuid, reply.revision, reply.post ?? undefined);
    return reply.post && withRevision(reply.post, reply.revision);
  }

  /** For the commands that leave a post behind (all but delete). */
  async sendForPost(method: Exclude<PostCommandMethod, typeof RpcMethods.deletePost>, request: { workspaceUuid: string; postUuid: string }): Promise<PostResource> {
    const post = await this.send(method, request);
    if (!post) throw new Error(`${method} replied without a post`);
    return post;
  }
}
