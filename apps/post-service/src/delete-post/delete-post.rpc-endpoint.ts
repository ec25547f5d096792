import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostActionRequest } from '../rpc/rpc-payload';
import { DeletePostCommand } from './delete-post.command';

/** The gateway's `posts.delete` request. */
@Injectable()
export class DeletePostRpcEndpoint {
  constructor(private readonly commandBus: CommandBus) {}

  @HandlesRpc(RpcMethods.deletePost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.commandBus.execute(new DeletePostCommand(parsePostActionRequest(payload))));
  }
}
