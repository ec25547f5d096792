import { Controller, UseFilters } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreatePostRequest, PostActionRequest, PostCommandReply, PostValidationReply, RpcMethods, UpdatePostRequest } from '@app/contracts';
import { ApprovePostCommand } from '../approve-post/approve-post.handler';
import { RuleViolationsAsServiceErrors } from '../command-handling/rule-violation-to-service-error';
import { CreatePostCommand } from '../create-post/create-post.handler';
import { DeletePostCommand } from '../delete-post/delete-post.handler';
import { RetryPostCommand } from '../retry-post/retry-post.handler';
import { UpdatePostCommand } from '../update-post/update-post.handler';
import { ValidatePostQuery } from '../validate-post/validate-post.handler';
import { ParsedBy, parsePostActionRequest, parsePostContentRequest } from './rpc-payload';

const contentRequest = new ParsedBy(parsePostContentRequest);
const actionRequest = new ParsedBy(parsePostActionRequest);

/**
 * The gateway's requests to the post-service: each payload read by its pipe (a malformed one is a
 * bad_request), then handed to the CommandBus (the QueryBus for a validation); a rule violation
 * of the aggregate is answered as a ServiceError.
 */
@Controller()
@UseFilters(RuleViolationsAsServiceErrors)
export class PostRequestsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @MessagePattern(RpcMethods.createPost)
  create(@Payload(contentRequest) request: CreatePostRequest): Promise<PostCommandReply> {
    return this.commands.execute(new CreatePostCommand(request));
  }

  @MessagePattern(RpcMethods.updatePost)
  update(@Payload(contentRequest) request: UpdatePostRequest): Promise<PostCommandReply> {
    return this.commands.execute(new UpdatePostCommand(request));
  }

  @MessagePattern(RpcMethods.approvePost)
  approve(@Payload(actionRequest) request: PostActionRequest): Promise<PostCommandReply> {
    return this.commands.execute(new ApprovePostCommand(request));
  }

  @MessagePattern(RpcMethods.retryPost)
  retry(@Payload(actionRequest) request: PostActionRequest): Promise<PostCommandReply> {
    return this.commands.execute(new RetryPostCommand(request));
  }

  @MessagePattern(RpcMethods.deletePost)
  delete(@Payload(actionRequest) request: PostActionRequest): Promise<PostCommandReply> {
    return this.commands.execute(new DeletePostCommand(request));
  }

  @MessagePattern(RpcMethods.validatePost)
  validate(@Payload(contentRequest) request: CreatePostRequest): Promise<PostValidationReply> {
    return this.queries.execute(new ValidatePostQuery(request));
  }
}
