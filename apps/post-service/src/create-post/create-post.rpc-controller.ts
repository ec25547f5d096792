import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { RpcMethods } from '@app/contracts';
import { RPC_SERVER, RpcServer } from '@app/messaging';
import { serveRpc } from '../rpc/serve-rpc';
import { CreatePostCommand, parseCreatePostRequest } from './create-post.command';

@Injectable()
export class CreatePostRpcController implements OnModuleInit {
  constructor(
    @Inject(RPC_SERVER) private readonly rpc: RpcServer,
    private readonly commandBus: CommandBus,
  ) {}

  onModuleInit(): void {
    serveRpc(this.rpc, RpcMethods.createPost, parseCreatePostRequest, (request) =>
      this.commandBus.execute(new CreatePostCommand(request)),
    );
  }
}
