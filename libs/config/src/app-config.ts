import { OAuthAppOverrides, readOAuthApps } from './oauth-config';
import { adminTokenProblem, encryptionKeyProblem } from './secret-settings';

/**
 * Configuration from the environment, with the names and defaults of the product contract.
 * Every value is read here, once; nothing else reads process.env.
 */
export interface AppConfig {
  /**
   * The address the HTTP port is bound on: every interface by default, as in containers, where the
   * probes and the other services reach an app by its address; 127.0.0.1 keeps it to this machine.
   */
  host: string;
  port: number;
  /** The token of the first admin, created when there are no users: 32 characters or more, not a placeholder. */
  adminToken: string | null;
  dataDir: string;
  webhookTimeoutMs: number;
  webhookMaxRetries: number;
  webhookBackoffBaseMs: number;
  webhookAllowPrivateUrls: boolean;
  /** A webhook whose attempts have all failed for this long is set inactive (fractions allowed). */
  webhookDisableAfterHours: number;
  /** Most webhooks a workspace may have; the system (panel) webhooks are held to the same number. */
  webhooksMaxPerWorkspace: number;
  /** Whether provider base URLs (a Mastodon instance, a PDS) may resolve to private, loopback or link-local addresses. */
  providerAllowPrivateUrls: boolean;
  /** How long a platform that publishes asynchronously (a container, an upload being processed) is polled before the account fails with its last status. */
  providerProcessingTimeoutMs: number;
  rateLimitPerMinute: number;
  /** Requests per minute per client address that come with no token or an unknown one. */
  rateLimitUnauthenticatedPerMinute: number;
  /**
   * TRUST_PROXY: how many proxies stand in front of the service (0: none, the socket's address is
   * the client's). With N, the client's address is the Nth `X-Forwarded-For` entry from the right.
   */
  trustedProxyCount: number;
  /** How long a dashboard session lasts (fractions allowed); it never outlives the token it was opened with. */
  sessionTtlHours: number;
  /** Limits of the HTTP server on slow or idle clients (HTTP_*), so that they cannot hold connections open. */
  http: HttpServerLimits;
  /** Key that encrypts provider credentials and webhook secrets at rest: 32 random bytes in base64, in every mode (required in distributed mode). */
  encryptionKey: string | null;
  /** Earlier keys, comma-separated: they no longer encrypt but still decrypt, until everything is encrypted again. */
  encryptionKeysOld: string | null;
  kafkaBrokers: string[];
  /** How long Kafka waits for a silent consumer before it gives the member's partitions to the others. */
  kafkaSessionTimeoutMs: number;
  /** Distributed mode: the HTTP port of each service that answers requests of the others (POST_SERVICE_URL, PUBLISHER_URL, WEBHOOK_DISPATCHER_URL). */
  serviceUrls: Readonly<Record<'post-service' | 'publisher' | 'webhook-dispatcher', string>>;
  /** How long past its planned next turn a loop of an app (timer firing, webhook delivery, the event relay) may stay silent before readiness fails. */
  readinessLoopStaleMs: number;
  /** Longest a bus consumer's fetch waits when nothing is there. */
  kafkaFetchWaitMs: number;
  eventStoreUrl: string | null;
  eventStorePgUrl: string | null;
  databaseUrl: string | null;
  /** PostgreSQL: longest wait for a connection. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: longest a statement may run (and a query wait for its answer, plus a second). */
  databaseStatementTimeoutMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Longest wait between two attempts of a message whose handler fails (the delay doubles from 200 ms). */
  messageRetryMaxDelayMs: number;
  /** How long a message may keep failing before it goes to its dead-letter topic (`<topic>.dlq`). */
  messageDeadLetterAfterMs: number;
  /** Embedded mode: how long the bus keeps a message every consumer group has handled (0: for good). */
  busRetentionHours: number;
  /** How long a publishing round may wait for its results before the accounts still without one fail. */
  publishingStuckAfterMs: number;
  /** How late the oldest item of a pipeline stage (a post due, a webhook delivery) may be before the pipeline view names it. */
  pipelineLateAfterMs: number;
  /** Days a finished webhook delivery (and its attempts) stays in the log; 0 keeps them for good. */
  deliveryRetentionDays: number;
  /** Days a finished publish attempt stays in the publisher's journal; 0 keeps them for good. */
  publishAttemptRetentionDays: number;
  /** Days before its expiry a token that cannot be refreshed is announced (`account.token_expiring`); 0 never. */
  accountExpiryWarningDays: number;
  /** How often each followed feed is read, in minutes. */
  feedPollIntervalMinutes: number;
  /** When a published post's figures are read, in minutes after it was published on the account (ascending; empty: never on a schedule). */
  analyticsScheduleMinutes: readonly number[];
  /** Whether feed URLs may resolve to private, loopback or link-local addresses (as webhook URLs, with WEBHOOK_ALLOW_PRIVATE_URLS). */
  feedAllowPrivateUrls: boolean;
  /**
   * How long a publish attempt stays held by the process calling the platform, renewed before each
   * call: after a crash the attempt is taken up again once it has run out.
   */
  publishAttemptLeaseMs: number;
  /** Days the scheduler keeps what it last saw of a post that has gone quiet (no timer, no publishing round); 0 keeps it. */
  postTrackingRetentionDays: number;
  /** Days the gateway keeps a dead letter that was replayed or cannot be; 0 keeps them. Pending ones always stay. */
  deadLetterRetentionDays: number;
  /** The largest media file an upload may be, in bytes. */
  mediaMaxBytes: number;
  /** The most media uploads one process receives at once, half of them (at least one) for one user; one more is answered 429. */
  mediaUploadsMaxConcurrent: number;
  /** The address clients and platforms reach the API at (OAuth redirects come back there). */
  publicUrl: string;
  /** Whether PUBLIC_URL was set: when not, publicUrl is only its default, which clients elsewhere may not reach. */
  publicUrlConfigured: boolean;
  /** The settings of the service's app on each OAuth platform, by provider (see oauth-config); a platform's description completes them. */
  oauth: Readonly<Record<string, OAuthAppOverrides>>;
}

export interface HttpServerLimits {
  /** The whole request, headers and body, must arrive within this. */
  requestTimeoutMs: number;
  /** The request's headers must arrive within this. */
  headersTimeoutMs: number;
  /** A connection with nothing on it for this long is closed. */
  idleTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are refused (closed at once) until some end. */
  maxConnections: number;
  /** Connections one remote address may hold open at once; more from it are closed as they come. */
  maxConnectionsPerAddress: number;
  /** Longest a request body may go without a byte arriving, while it is being received. */
  bodyTimeoutMs: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    host: text(env, 'HOST') ?? '0.0.0.0',
    port: integer(env, 'PORT', 3000, 0),
    adminToken: secret(env, 'ADMIN_TOKEN', adminTokenProblem),
    dataDir: text(env, 'DATA_DIR') ?? './data',
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 5000, 1),
    webhookMaxRetries: integer(env, 'WEBHOOK_MAX_RETRIES', 3, 0),
    webhookBackoffBaseMs: integer(env, 'WEBHOOK_BACKOFF_BASE_MS', 10000, 1),
    webhookAllowPrivateUrls: boolean(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', false),
    webhookDisableAfterHours: positiveNumber(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 120),
    webhooksMaxPerWorkspace: integer(env, 'WEBHOOKS_MAX_PER_WORKSPACE', 20, 1),
    providerAllowPrivateUrls: boolean(env, 'PROVIDER_ALLOW_PRIVATE_URLS', false),
    providerProcessingTimeoutMs: integer(env, 'PROVIDER_PROCESSING_TIMEOUT_MS', 15 * 60_000, 1),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 300, 1),
    rateLimitUnauthenticatedPerMinute: integer(env, 'RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE', 60, 1),
    trustedProxyCount: proxyCount(env, 'TRUST_PROXY'),
    sessionTtlHours: positiveNumber(env, 'SESSION_TTL_HOURS', 12),
    http: {
      requestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000, 1),
      headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 1),
      idleTimeoutMs: integer(env, 'HTTP_IDLE_TIMEOUT_MS', 30_000, 1),
      keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, 1),
      maxConnections: integer(env, 'HTTP_MAX_CONNECTIONS', 2_048, 1),
      maxConnectionsPerAddress: integer(env, 'HTTP_MAX_CONNECTIONS_PER_ADDRESS', 64, 1),
      bodyTimeoutMs: integer(env, 'HTTP_BODY_TIMEOUT_MS', 15_000, 1),
    },
    encryptionKey: secret(env, 'ENCRYPTION_KEY', encryptionKeyProblem),
    encryptionKeysOld: text(env, 'ENCRYPTION_KEYS_OLD'),
    kafkaBrokers: (text(env, 'KAFKA_BROKERS') ?? '').split(',').map((b) => b.trim()).filter(Boolean),
    kafkaSessionTimeoutMs: integer(env, 'KAFKA_SESSION_TIMEOUT_MS', 30000, 1000),
    serviceUrls: {
      'post-service': serviceUrl(env, 'POST_SERVICE_URL', 'post-service'),
      publisher: serviceUrl(env, 'PUBLISHER_URL', 'publisher'),
      'webhook-dispatcher': serviceUrl(env, 'WEBHOOK_DISPATCHER_URL', 'webhook-dispatcher'),
    },
    readinessLoopStaleMs: integer(env, 'READINESS_LOOP_STALE_MS', 60_000, 1),
    kafkaFetchWaitMs: integer(env, 'KAFKA_FETCH_WAIT_MS', 100, 1),
    eventStoreUrl: text(env, 'EVENTSTORE_URL'),
    eventStorePgUrl: text(env, 'EVENTSTORE_PG_URL'),
    databaseUrl: text(env, 'DATABASE_URL'),
    databaseConnectTimeoutMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5_000, 1),
    databaseStatementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 1),
    logLevel: oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
    messageRetryMaxDelayMs: integer(env, 'MESSAGE_RETRY_MAX_DELAY_MS', 30_000, 1),
    messageDeadLetterAfterMs: integer(env, 'MESSAGE_DEAD_LETTER_AFTER_MS', 86_400_000, 0),
    busRetentionHours: integer(env, 'BUS_RETENTION_HOURS', 168, 0),
    publishingStuckAfterMs: integer(env, 'PUBLISHING_STUCK_AFTER_MS', 900_000, 1_000),
    pipelineLateAfterMs: integer(env, 'PIPELINE_LATE_AFTER_MS', 60_000, 1_000),
    deliveryRetentionDays: integer(env, 'DELIVERY_RETENTION_DAYS', 30, 0),
    publishAttemptRetentionDays: integer(env, 'PUBLISH_ATTEMPT_RETENTION_DAYS', 90, 0),
    accountExpiryWarningDays: integer(env, 'ACCOUNT_EXPIRY_WARNING_DAYS', 7, 0),
    feedPollIntervalMinutes: integer(env, 'FEED_POLL_INTERVAL_MINUTES', 15, 1),
    analyticsScheduleMinutes: minuteList(env, 'ANALYTICS_SCHEDULE', [60, 1440, 10080]),
    feedAllowPrivateUrls: boolean(env, 'FEED_ALLOW_PRIVATE_URLS', false),
    publishAttemptLeaseMs: integer(env, 'PUBLISH_ATTEMPT_LEASE_MS', 120_000, 1_000),
    postTrackingRetentionDays: integer(env, 'POST_TRACKING_RETENTION_DAYS', 60, 0),
    deadLetterRetentionDays: integer(env, 'DEAD_LETTER_RETENTION_DAYS', 30, 0),
    mediaMaxBytes: integer(env, 'MEDIA_MAX_BYTES', 50 * 1024 * 1024, 1),
    mediaUploadsMaxConcurrent: integer(env, 'MEDIA_UPLOADS_MAX_CONCURRENT', 4, 1),
    publicUrl: (text(env, 'PUBLIC_URL') ?? `http://localhost:${integer(env, 'PORT', 3000, 0)}`).replace(/\/+$/, ''),
    publicUrlConfigured: text(env, 'PUBLIC_URL') !== null,
    oauth: readOAuthApps(Object.keys(env), (name) => text(env, name)),
  };
}

/** The base URL of a service's HTTP port, by default its name on the network of the deployment (docker compose, a Kubernetes Service). */
function serviceUrl(env: NodeJS.ProcessEnv, name: string, service: string): string {
  return (text(env, name) ?? `http://${service}:3000`).replace(/\/+$/, '');
}

function text(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/** A secret setting: refused, in a message that does not quote it, when `problemOf` finds it weak (see secret-settings). */
function secret(env: NodeJS.ProcessEnv, name: string, problemOf: (value: string) => string | null): string | null {
  const value = text(env, name);
  const problem = value === null ? null : problemOf(value);
  if (problem) throw new ConfigError(problem);
  return value;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return value;
}

/** Whole minutes, ascending, comma-separated (`none` for an empty list). */
function minuteList(env: NodeJS.ProcessEnv, name: string, fallback: readonly number[]): readonly number[] {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (raw.toLowerCase() === 'none') return [];
  const values = raw.split(',').map((each) => Number(each.trim()));
  const ascending = values.every((value, index) => Number.isSafeInteger(value) && value >= 1 && value <= 527_040 && (index === 0 || value > values[index - 1]));
  if (!ascending) throw new ConfigError(`${name} must be whole minutes from 1 to 527040 in ascending order, separated by commas (or "none"), got "${raw}"`);
  return values;
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a number greater than 0, got "${raw}"`);
  return value;
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** The number of proxies in front of the service: `true` is one, `false` none, or a whole number. */
function proxyCount(env: NodeJS.ProcessEnv, name: string): number {
  const raw = text(env, name);
  if (raw === null) return 0;
  if (['true', 'yes'].includes(raw.toLowerCase())) return 1;
  if (['false', 'no'].includes(raw.toLowerCase())) return 0;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value)) throw new ConfigError(`${name} must be true, false or the number of proxies in front of the service, got "${raw}"`);
  return value;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!(values as readonly string[]).includes(raw)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}
