import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostActionRequest } from '../rpc/rpc-payload';
import { ApprovePostCommand } from './approve-post.command';

/** The gateway's `posts.approve` request. */
@Injectable()
export class ApprovePostRpcEndpoint {
  constructor(private readonly commandBus: CommandBus) {}

  @HandlesRpc(RpcMethods.approvePost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.commandBus.execute(new ApprovePostCommand(parsePostActionRequest(payload))));
  }
}
