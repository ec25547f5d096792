import { AccountSnapshot, PostVersion } from '@app/domain';
import type { MediaObject } from '@app/media-store';

/** A media file the version names, read from the media store: its bytes, detected type and size. */
export type PublishMedia = MediaObject;

/**
 * Every failure of a platform falls in one of these classes:
 * - `retry_later`: a passing problem (429, 5xx, a refused or dropped connection, a timeout where
 *   trying again cannot publish twice); `retryAfterMs` is the wait the platform asked for, else a default.
 * - `reauthorize`: the platform refused the credentials (after a refresh, where there is one);
 *   the account has to be connected again.
 * - `rejected`: a definite refusal, with the platform's own message; `refusedAddress` when it is the
 *   service that refused to call a URL resolving to a non-public address.
 * - `unknown`: the request reached the platform but no answer came back, and trying again could
 *   publish twice: the post may or may not be on the platform.
 */
export type ProviderFailure =
  | { kind: 'retry_later'; message: string; retryAfterMs: number }
  | { kind: 'reauthorize'; message: string }
  | { kind: 'rejected'; message: string; refusedAddress?: true }
  | { kind: 'unknown'; message: string };

/** Where a provider keeps what it learns between calls (a Bluesky session); stored encrypted with the account. */
export interface SessionStore {
  load(): Promise<Record<string, unknown> | null>;
  save(session: Record<string, unknown>): Promise<void>;
}

/** A connected account as a provider sees it. */
export interface ProviderConnection {
  accountId: number;
  settings: Record<string, unknown>;
  credentials: Record<string, unknown>;
  session: SessionStore;
}

/** What the platform says about the account whose credentials were verified. */
export interface VerifiedAccount {
  /** The handle on the platform (`alice.bsky.social`, `alice@mastodon.social`, `@channel`); null where there is none. */
  username: string | null;
  /** The display name. */
  name: string;
  /** The settings to keep: the ones sent, with what the platform told at connect (Mastodon's `max_characters`). */
  settings: Record<string, unknown>;
  /** A session opened while verifying, kept so that publishing does not log in again. */
  session?: Record<string, unknown>;
}

export type Verification = { kind: 'verified'; account: VerifiedAccount } | ProviderFailure;

/** What a provider gets to publish one post to one account. */
export interface PublishRequest {
  /**
   * The same for every try of a post on an account, across retries, crashes and rounds: platforms
   * that take an idempotency key get it; Bluesky derives its record key from it.
   */
  idempotencyKey: string;
  /** When the first attempt of this post on this account began; the same on every try. */
  firstAttemptAt: Date;
  account: AccountSnapshot;
  connection: ProviderConnection;
  /** The version written for this account, or the original when there is none. */
  version: PostVersion;
  /** The media the version names (every content item's, in order, each once), read by id from the media store. */
  media: readonly PublishMedia[];
}

export type PublishOutcome = { kind: 'published'; externalId: string; externalUrl: string | null } | ProviderFailure;

export interface DeleteRequest {
  connection: ProviderConnection;
  /** The id `publish` answered. */
  externalId: string;
}

export type DeleteOutcome = { kind: 'deleted' } | ProviderFailure;

/**
 * How an attempt cut off by a crash (begun, outcome never stored) is resolved:
 * - `idempotency_key`: made again with the same key; the platform answers with the first publish.
 * - `lookup`: made again; the provider finds what the first try posted instead of posting twice.
 * - `report_unknown`: the platform offers neither; the attempt is reported failed as unknown.
 */
export type CrashRecovery = 'idempotency_key' | 'lookup' | 'report_unknown';

/** One social platform. Adapters map every answer of the platform to an outcome; they never throw for a platform's answer. */
export interface PublishProvider {
  readonly name: string;
  readonly crashRecovery: CrashRecovery;
  /** The field that holds the platform's URL (`settings.instance`), named in the error when it resolves to a non-public address. */
  readonly urlField: string | null;
  /** Field errors of an account's settings and credentials, keyed `settings.<name>` or `credentials.<name>`; empty when valid. */
  validate(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]>;
  /** Checks the credentials with the platform and tells who the account is. */
  verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification>;
  publish(request: PublishRequest): Promise<PublishOutcome>;
  delete(request: DeleteRequest): Promise<DeleteOutcome>;
}

/** The providers the publisher offers, as a list; the module provides the built-in ones. */
export const PUBLISH_PROVIDERS = Symbol('PUBLISH_PROVIDERS');
