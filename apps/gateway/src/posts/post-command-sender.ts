import { Inject, Injectable } from '@nestjs/common';
import { PostCommandReply, RpcMethods } from '@app/contracts';
import { RPC_CLIENT, RpcClient } from '@app/messaging';
import { PostResource, withRevision } from './post-revision';
import { ReadYourWrites } from './read-model/read-your-writes';

type PostCommandMethod = (typeof RpcMethods)['createPost' | 'updatePost' | 'approvePost' | 'deletePost'];

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
    this.progress.written(request.workspaceUuid, request.postUuid, reply.revision);
    return reply.post && withRevision(reply.post, reply.revision);
  }

  /** For the commands that leave a post behind (all but delete). */
  async sendForPost(method: Exclude<PostCommandMethod, typeof RpcMethods.deletePost>, request: { workspaceUuid: string; postUuid: string }): Promise<PostResource> {
    const post = await this.send(method, request);
    if (!post) throw new Error(`${method} replied without a post`);
    return post;
  }
}
