import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RpcMethods } from '@app/contracts';
import { RPC_SERVER, RpcServer } from '@app/messaging';
import { serveRpc } from '../rpc/serve-rpc';
import { ListPostsQuery, parseListPostsRequest } from './list-posts.query';

@Injectable()
export class ListPostsRpcController implements OnModuleInit {
  constructor(
    @Inject(RPC_SERVER) private readonly rpc: RpcServer,
    private readonly queryBus: QueryBus,
  ) {}

  onModuleInit(): void {
    serveRpc(this.rpc, RpcMethods.listPosts, parseListPostsRequest, (request) => this.queryBus.execute(new ListPostsQuery(request)));
  }
}
