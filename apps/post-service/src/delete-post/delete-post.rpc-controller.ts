import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RpcMethods } from '@app/contracts';
import { RPC_SERVER, RpcServer } from '@app/messaging';
import { parsePostActionRequest } from '../rpc/rpc-payload';
import { serveRpc } from '../rpc/serve-rpc';
import { DeletePostCommand } from './delete-post.command';

@Injectable()
export class DeletePostRpcController implements OnModuleInit {
  constructor(
    @Inject(RPC_SERVER) private readonly rpc: RpcServer,
    private readonly commandBus: CommandBus,
  ) {}

  onModuleInit(): void {
    serveRpc(this.rpc, RpcMethods.deletePost, parsePostActionRequest, (request) =>
      this.commandBus.execute(new DeletePostCommand(request)),
    );
  }
}
