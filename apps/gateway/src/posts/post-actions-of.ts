import { PostActions, postActions } from '@app/domain';
import type { PostStatus } from '@app/contracts';
import type { Membership } from '../auth/authenticated-user';
import { mayWrite } from '../workspace/workspace-member.guard';
import type { PostResource } from './post-revision';

/** A post as the API answers it to a member: with what that member may do to it now. */
export type PostAnswer = PostResource & { actions: PostActions };

/** What this member may do to a post in this status (the domain's rules, for their role and `can_approve`). */
export const actionsOf = (status: PostStatus, membership: Membership): PostActions =>
  postActions(status, { writes: mayWrite(membership), canApprove: membership.canApprove });

export const withActions = (post: PostResource, membership: Membership): PostAnswer => ({ ...post, actions: actionsOf(post.status, membership) });

/** The same for a post kept as JSON text (an object): `actions` added at its end, without a parse. */
export const withActionsJson = (json: string, status: PostStatus, membership: Membership): string =>
  `${json.trimEnd().slice(0, -1)},"actions":${JSON.stringify(actionsOf(status, membership))}}`;
