import { AccountSnapshot, PostContent, PostMetricName } from '@app/domain';
import type { StoredMedia } from '@app/media-store';

/**
 * A media file the version names, as the media store describes it (id, detected type, size,
 * width and height). Its bytes are read only when the provider sends them, one file at a time, so
 * that a post's media are never all in memory at once. `read` throws when the store cannot give
 * them (the publisher reports that as the store's failure): read every file before creating the post.
 */
export interface PublishMedia extends StoredMedia {
  read(): Promise<Buffer>;
  /**
   * A signed address under PUBLIC_URL from which the platform fetches the file itself
   * (Instagram, Threads, Facebook reels), valid for an hour from this call and for this file only.
   */
  url(): string;
}

/**
 * What an asynchronous publish of one content item has done so far (a container created, an upload
 * session opened, chunk N sent, publish requested), journaled with the attempt. A step is recorded
 * before it is taken, so a publish made again after a crash or a wait resumes where the one before
 * stopped instead of creating a second post. Forgotten once the attempt's result is stored.
 */
export interface PublishProgress {
  /** What earlier tries of this item recorded, merged, or null when none did. */
  read(): Promise<Readonly<Record<string, unknown>> | null>;
  /** Merges these fields into what is recorded, durably, before the step they describe is taken. */
  record(step: Record<string, unknown>): Promise<void>;
}

/**
 * Every failure of a platform falls in one of these classes:
 * - `retry_later`: a passing problem (429, 5xx, a refused or dropped connection, a timeout where
 *   trying again cannot publish twice); `retryAfterMs` is the wait the platform asked for, else a default.
 * - `reauthorize`: the platform refused the credentials (after a refresh, where there is one);
 *   the account has to be connected again.
 * - `rejected`: a definite refusal, with the platform's own message; `refusedAddress` when it is the
 *   service that refused to call a URL resolving to a non-public address, `answerTooLarge` when it
 *   refused to read an answer longer than it ever needs.
 * - `unknown`: the request reached the platform but no answer came back, and trying again could
 *   publish twice: the post may or may not be on the platform.
 */
export type ProviderFailure =
  | { kind: 'retry_later'; message: string; retryAfterMs: number }
  | { kind: 'reauthorize'; message: string }
  | { kind: 'rejected'; message: string; refusedAddress?: true; answerTooLarge?: true }
  | { kind: 'unknown'; message: string };

/** Where a provider keeps what it learns between calls (a Bluesky session, OAuth tokens); stored encrypted with the account. */
export interface SessionStore {
  load(): Promise<Record<string, unknown> | null>;
  save(session: Record<string, unknown>): Promise<void>;
  /**
   * Runs `change` with the session as stored, one change of the account's session at a time, in
   * this process and across the replicas sharing the database; the session the change answers
   * under `save` is stored before the next one runs. For refreshes whose refresh token works once:
   * a caller that waited reads the tokens the one before it stored, instead of refreshing again.
   */
  exclusively<T>(change: (stored: Record<string, unknown> | null) => Promise<SessionChange<T>>): Promise<T>;
}

/** What a change of a session answers: its result, and the session to store, if any. */
export interface SessionChange<T> {
  result: T;
  save?: Record<string, unknown>;
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
  /** The address of the account's picture, where the platform's profile answer has one; absent or null otherwise. */
  avatarUrl?: string | null;
  /** The settings to keep: the ones sent, with what the platform told at connect (Mastodon's `max_characters`). */
  settings: Record<string, unknown>;
  /** A session opened while verifying, kept so that publishing does not log in again. */
  session?: Record<string, unknown>;
}

export type Verification = { kind: 'verified'; account: VerifiedAccount } | ProviderFailure;

/** A content item already on the platform, as a later item of the same post refers to it. */
export interface ItemOnPlatform {
  externalId: string;
  externalUrl: string | null;
  /** What the platform needs beside the id to refer to the item (Bluesky: the record's CID); the provider's own, kept by the publisher. */
  reference: string | null;
}

/** Where a content item after the first goes: after the items of the same version already on the platform. */
export interface FollowUp {
  /** The item's place in the version: 1 for the second item. */
  index: number;
  /** The first item: the post itself (a thread's root, the post a first comment is on). */
  root: ItemOnPlatform;
  /** The item just before this one: what a reply replies to. */
  parent: ItemOnPlatform;
}

/** What a provider gets to publish one content item of a post's version to one account. */
export interface PublishRequest {
  /**
   * The same for every try of this content item of a post on an account, across retries, crashes
   * and rounds: platforms that take an idempotency key get it; Bluesky derives its record key from
   * it. The first item's is `<post uuid>:<account id>`, a later one's `<post uuid>:<account id>:<index>`.
   */
  idempotencyKey: string;
  /** When the first attempt of this post on this account began; the same on every try and for every item. */
  firstAttemptAt: Date;
  account: AccountSnapshot;
  connection: ProviderConnection;
  /** The content item to publish (its text and media ids), of the version written for this account or the original. */
  item: PostContent;
  /** Null for the first item (the post); for a later one, the items it follows (a reply, or a comment: the platform's `contentItems` rule in `@app/platforms` says which, and how many items it takes). */
  followUp: FollowUp | null;
  /** The media the item names, in order, each once, read by id from the media store. */
  media: readonly PublishMedia[];
  /** The version's platform options, by provider (`versions.N.options`); the same for every item. */
  options?: Readonly<Record<string, unknown>>;
  /** The item's journaled steps, for platforms that publish in several (containers, uploads, processing). */
  progress: PublishProgress;
}

export type PublishOutcome = { kind: 'published'; externalId: string; externalUrl: string | null; reference?: string | null } | ProviderFailure;

export interface DeleteRequest {
  connection: ProviderConnection;
  /** The id `publish` answered. */
  externalId: string;
}

export type DeleteOutcome = { kind: 'deleted' } | ProviderFailure;

/** What a provider gets to read the figures of a published post: its first content item on the platform (the post itself). */
export interface MetricsRequest {
  account: AccountSnapshot;
  connection: ProviderConnection;
  /** The post on the platform, as `publish` answered for its first item. */
  published: ItemOnPlatform;
}

/**
 * The figures the platform reported for the post, by the product's names (`@app/domain`'s
 * `POST_METRIC_NAMES`); a figure left out is one the platform does not report (null to clients).
 */
export type MetricsOutcome = { kind: 'read'; metrics: Partial<Record<PostMetricName, number>> } | ProviderFailure;

/**
 * How an attempt cut off by a crash (begun, outcome never stored) is resolved:
 * - `idempotency_key`: made again with the same key; the platform answers with the first publish.
 * - `lookup`: made again; the provider finds what the first try posted instead of posting twice.
 * - `resume`: made again; the provider resumes from the steps it journaled in `progress` (the
 *   container it created, the upload session it opened) and, when the cut came after it asked the
 *   platform to publish, finds the post among the account's recent ones: never a second post.
 * - `report_unknown`: the platform offers none of these; the attempt is reported failed as unknown.
 */
export type CrashRecovery = 'idempotency_key' | 'lookup' | 'resume' | 'report_unknown';

/** One social platform. Adapters map every answer of the platform to an outcome; they never throw for a platform's answer. */
export interface PublishProvider {
  readonly name: string;
  readonly crashRecovery: CrashRecovery;
  /** How the items after the first are resolved after a crash, when not as the first (LinkedIn's comment has no lookup). */
  readonly followUpCrashRecovery?: CrashRecovery;
  /** The field that holds the platform's URL (`settings.instance`), named in the error when it resolves to a non-public address. */
  readonly urlField: string | null;
  /** Field errors of an account's settings and credentials, keyed `settings.<name>` or `credentials.<name>`; empty when valid. */
  validate(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]>;
  /** Checks the credentials with the platform and tells who the account is. */
  verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification>;
  /** Publishes one content item; the publisher calls it for each item of the version in turn. */
  publish(request: PublishRequest): Promise<PublishOutcome>;
  delete(request: DeleteRequest): Promise<DeleteOutcome>;
  /**
   * Reads a published post's figures, as the platform's API reference documents them for the
   * account's type; absent for a platform that reports none (Telegram, Discord).
   */
  readMetrics?(request: MetricsRequest): Promise<MetricsOutcome>;
}

/** The providers the publisher offers, as a list; the module provides the built-in ones. */
export const PUBLISH_PROVIDERS = Symbol('PUBLISH_PROVIDERS');
