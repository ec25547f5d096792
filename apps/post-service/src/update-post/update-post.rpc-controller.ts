import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RpcMethods } from '@app/contracts';
import { RPC_SERVER, RpcServer } from '@app/messaging';
import { serveRpc } from '../rpc/serve-rpc';
import { parseUpdatePostRequest, UpdatePostCommand } from './update-post.command';

@Injectable()
export class UpdatePostRpcController implements OnModuleInit {
  constructor(
    @Inject(RPC_SERVER) private readonly rpc: RpcServer,
    private readonly commandBus: CommandBus,
  ) {}

  onModuleInit(): void {
    serveRpc(this.rpc, RpcMethods.updatePost, parseUpdatePostRequest, (request) =>
      this.commandBus.execute(new UpdatePostCommand(request)),
    );
  }
}
