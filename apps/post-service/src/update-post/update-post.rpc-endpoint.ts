import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostContentRequest } from '../rpc/rpc-payload';
import { UpdatePostCommand } from './update-post.command';

/** The gateway's `posts.update` request. */
@Injectable()
export class UpdatePostRpcEndpoint {
  constructor(private readonly commandBus: CommandBus) {}

  @HandlesRpc(RpcMethods.updatePost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.commandBus.execute(new UpdatePostCommand(parsePostContentRequest(payload))));
  }
}
