import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The caller, as established from their bearer token. */
export interface AuthenticatedUser {
  userId: number;
  isAdmin: boolean;
  tokenId: number;
  /** When the caller's token stops working (epoch ms), or null: a token it creates may not outlive it. */
  tokenExpiresAt: number | null;
}

/** A workspace member's rights in the workspace of the route. */
export interface Membership {
  workspaceUuid: string;
  role: 'admin' | 'member' | 'viewer';
  canApprove: boolean;
}

/** A request of the API: its path parameters by name, and what the guards established. */
export type GatewayRequest = FastifyRequest<{ Params: Record<string, string | undefined> }> & { user?: AuthenticatedUser; membership?: Membership };

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<GatewayRequest>().user;
  if (!user) throw new Error('CurrentUser used on a route without authentication');
  return user;
});

export const CurrentMembership = createParamDecorator((_: unknown, context: ExecutionContext): Membership => {
  const membership = context.switchToHttp().getRequest<GatewayRequest>().membership;
  if (!membership) throw new Error('CurrentMembership used on a route without the workspace guard');
  return membership;
});

/** The bearer token of a request, or null when the header is missing or malformed. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match ? match[1] : null;
}
