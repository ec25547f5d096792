import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { WorkspaceMemberGuard } from '../workspace/workspace-member.guard';
import { AdminOnlyGuard } from './admin-only.guard';
import { AuthenticationGuard } from './authentication.guard';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';

/** Who may call a controller's routes, checked in this order: rate limit, token, then role. */
export const PanelRoute = (tag: string) =>
  applyDecorators(ApiTags(tag), ApiBearerAuth(), UseGuards(RateLimitGuard, AuthenticationGuard, AdminOnlyGuard));

export const WorkspaceRoute = (tag: string) =>
  applyDecorators(ApiTags(tag), ApiBearerAuth(), UseGuards(RateLimitGuard, AuthenticationGuard, WorkspaceMemberGuard));
