import { PostContentInput } from './post-commands';
import { PostRuleViolation } from './post-errors';
import { PostState } from './post-state';

export type ExistingPost = Extract<PostState, { exists: true }>;

/** Messages follow the product contract, so a caller may show them as they are. */
export function assertValidVersions(input: PostContentInput): void {
  const { versions } = input;
  const originals = versions.filter((version) => version.is_original).length;
  if (versions.length === 0) throw new PostRuleViolation('InvalidVersions', 'The versions field is required.');
  if (originals === 0) throw new PostRuleViolation('InvalidVersions', 'At least one version with is_original: true is required.');
  if (!versions[0].is_original) throw new PostRuleViolation('InvalidVersions', 'The is_original field must be true for the first version.');
  if (originals > 1) throw new PostRuleViolation('InvalidVersions', 'Only one version can have is_original: true.');
}

export function assertAccountsWhenScheduling(input: PostContentInput): void {
  if (input.intent.kind !== 'draft' && input.accounts.length === 0) {
    throw new PostRuleViolation('NoAccounts', 'The accounts field is required when scheduling.');
  }
}

/** A live post: exists and is not deleted. */
export function assertFound(state: PostState): asserts state is ExistingPost {
  if (!state.exists || state.deleted) throw new PostRuleViolation('PostNotFound', 'Post not found.');
}

/** Content may change (or the post go away) unless it is published or being published. */
export function assertChangeable(state: ExistingPost): void {
  if (state.status === 'published') {
    throw new PostRuleViolation('PublishedPostImmutable', 'A published post cannot be edited or deleted. Create a new post instead.');
  }
  if (state.status === 'publishing') {
    throw new PostRuleViolation('PostBeingPublished', 'The post is being published and cannot be changed now.');
  }
}

/** When an approved post is due: the time its author asked for, or the approval time when none was asked for or it has passed. */
export function scheduledAtOnApproval(requested: string | null, approvedAt: string): string {
  return requested !== null && Date.parse(requested) > Date.parse(approvedAt) ? requested : approvedAt;
}
