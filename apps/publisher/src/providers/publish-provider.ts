import { AccountSnapshot, PostVersion } from '@app/domain';

/** What a provider gets to publish one post to one account. */
export interface PublishRequest {
  /** The same for every try of one attempt: providers that support idempotency keys pass it on. */
  idempotencyKey: string;
  account: AccountSnapshot;
  settings: Record<string, unknown>;
  credentials: Record<string, unknown>;
  /** The version written for this account, or the original when there is none. */
  version: PostVersion;
}

export type PublishOutcome =
  | { kind: 'success'; externalId: string; externalUrl: string | null }
  /** The platform refused the post; trying again would not help. */
  | { kind: 'permanent_failure'; message: string }
  /** A passing problem (rate limit, outage): the same publish may succeed after `retryAfterMs`. */
  | { kind: 'retryable_failure'; message: string; retryAfterMs: number }
  /** The credentials were refused; the account has to be connected again. */
  | { kind: 'unauthorized'; message: string };

/** One social platform. Adapters map every answer of the platform to a PublishOutcome. */
export interface PublishProvider {
  readonly name: string;
  /**
   * Whether the platform answers a repeated idempotency key with the first publish instead of
   * publishing again. Only then is an attempt cut off by a crash made again; otherwise its outcome
   * is unknown and it is reported failed.
   */
  readonly honoursIdempotencyKeys: boolean;
  /** Field errors of an account's settings and credentials, keyed `settings.<name>` or `credentials.<name>`; empty when valid. */
  validate(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]>;
  /** Whether the credentials let the service publish for the account. */
  authorize(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<boolean>;
  publish(request: PublishRequest): Promise<PublishOutcome>;
}

/** The providers the publisher offers, as a list; the module provides the built-in ones. */
export const PUBLISH_PROVIDERS = Symbol('PUBLISH_PROVIDERS');
