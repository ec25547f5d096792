import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RpcMethods } from '@app/contracts';
import { RPC_SERVER, RpcServer } from '@app/messaging';
import { parsePostRef } from '../rpc/rpc-payload';
import { serveRpc } from '../rpc/serve-rpc';
import { GetPostQuery } from './get-post.query';

@Injectable()
export class GetPostRpcController implements OnModuleInit {
  constructor(
    @Inject(RPC_SERVER) private readonly rpc: RpcServer,
    private readonly queryBus: QueryBus,
  ) {}

  onModuleInit(): void {
    serveRpc(this.rpc, RpcMethods.getPost, parsePostRef, (request) => this.queryBus.execute(new GetPostQuery(request)));
  }
}
