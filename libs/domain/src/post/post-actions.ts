import { awaitsApproval, changeRefusal, retriable } from './post-rules';
import type { PostStatus } from './post-types';

/**
 * What a caller may do to a post now: each true exactly when the request would succeed (`PUT`,
 * `DELETE`, `approve`, `retry`, and a `PUT` of only its time: a move), read from the same rules
 * that refuse them.
 */
export interface PostActions {
  edit: boolean;
  delete: boolean;
  approve: boolean;
  retry: boolean;
  move: boolean;
}

/** The caller, as far as the post's rules care: whether their role writes (not a viewer), and whether they may approve. */
export interface PostCaller {
  writes: boolean;
  canApprove: boolean;
}

export function postActions(status: PostStatus, caller: PostCaller): PostActions {
  const changeable = caller.writes && changeRefusal(status) === null;
  return {
    edit: changeable,
    delete: changeable,
    move: changeable,
    approve: caller.writes && caller.canApprove && awaitsApproval(status),
    retry: caller.writes && retriable(status),
  };
}
