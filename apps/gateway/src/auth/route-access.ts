import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponsesOfEachRoute, Failures } from '../http/openapi/api-error-responses';
import { ApiUuidParam } from '../http/openapi/path-params';
import { READ_METHODS, WorkspaceMemberGuard } from '../workspace/workspace-member.guard';
import { AdminOnlyGuard } from './admin-only.guard';
import { AuthenticationGuard } from './authentication.guard';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';

/** Who may call a controller's routes, checked in this order: rate limit, token, then role; and what the refusals look like. */
export const PanelRoute = (tag: string) =>
  applyDecorators(
    ApiTags(tag),
    ApiBearerAuth(),
    ApiErrorResponsesOfEachRoute(() => ({ 401: Failures.unauthenticated, 403: Failures.notAdmin, 429: Failures.rateLimited })),
    UseGuards(RateLimitGuard, AuthenticationGuard, AdminOnlyGuard),
  );

/** Any signed-in user, about themselves (`/api/me/...`). */
export const UserRoute = (tag: string) =>
  applyDecorators(
    ApiTags(tag),
    ApiBearerAuth(),
    ApiErrorResponsesOfEachRoute(() => ({ 401: Failures.unauthenticated, 429: Failures.rateLimited })),
    UseGuards(RateLimitGuard, AuthenticationGuard),
  );

export const WorkspaceRoute = (tag: string) =>
  applyDecorators(
    ApiTags(tag),
    ApiBearerAuth(),
    ApiUuidParam('workspaceUuid', 'a workspace the caller is a member of'),
    ApiErrorResponsesOfEachRoute((httpMethod) => ({
      401: Failures.unauthenticated,
      403: READ_METHODS.has(httpMethod) ? Failures.notAMember : `${Failures.viewer} ${Failures.notAMember}`,
      404: Failures.workspaceNotFound,
      429: Failures.rateLimited,
    })),
    UseGuards(RateLimitGuard, AuthenticationGuard, WorkspaceMemberGuard),
  );
