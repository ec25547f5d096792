import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RpcMethods } from '@app/contracts';
import { RPC_SERVER, RpcServer } from '@app/messaging';
import { parsePostActionRequest } from '../rpc/rpc-payload';
import { serveRpc } from '../rpc/serve-rpc';
import { ApprovePostCommand } from './approve-post.command';

@Injectable()
export class ApprovePostRpcController implements OnModuleInit {
  constructor(
    @Inject(RPC_SERVER) private readonly rpc: RpcServer,
    private readonly commandBus: CommandBus,
  ) {}

  onModuleInit(): void {
    serveRpc(this.rpc, RpcMethods.approvePost, parsePostActionRequest, (request) =>
      this.commandBus.execute(new ApprovePostCommand(request)),
    );
  }
}
