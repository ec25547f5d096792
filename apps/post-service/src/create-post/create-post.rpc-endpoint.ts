import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostContentRequest } from '../rpc/rpc-payload';
import { CreatePostCommand } from './create-post.command';

/** The gateway's `posts.create` request. */
@Injectable()
export class CreatePostRpcEndpoint {
  constructor(private readonly commandBus: CommandBus) {}

  @HandlesRpc(RpcMethods.createPost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.commandBus.execute(new CreatePostCommand(parsePostContentRequest(payload))));
  }
}
