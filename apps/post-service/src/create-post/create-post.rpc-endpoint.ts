import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { answerRpc } from '../rpc/answer-rpc';
import { CreatePostCommand, parseCreatePostRequest } from './create-post.command';

/** The gateway's `posts.create` request. */
@Injectable()
export class CreatePostRpcEndpoint {
  constructor(private readonly commandBus: CommandBus) {}

  @HandlesRpc(RpcMethods.createPost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.commandBus.execute(new CreatePostCommand(parseCreatePostRequest(payload))));
  }
}
