import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';
import { createThrowawayDatabase, ThrowawayDatabase } from '@app/persistence/testing';
import { BrokerOutage, startTestKafkaCluster, TestKafkaCluster } from '@app/messaging/testing';
import { diagnoseProcesses, NodeProcess } from '../node-process';
import type { ShiftedClock } from '../shifted-clock/shifted-clock';
import { TcpProxy } from '../tcp-proxy';
import { APP_NAMES, AppName, AppProcess } from './app-process';

/** The built apps: `npm run build` makes `dist/`; DIST points elsewhere (a build of its own). */
export const DIST_DIR = resolve(__dirname, '../../../..', process.env.DIST ?? 'dist');
export const ADMIN_TOKEN = 'e2e-distributed-admin-token-6c2a9f41';
/** The ENCRYPTION_KEY of every app (the key their messages are signed with). */
export const ENCRYPTION_KEY = 'bW9jay1lbmNyeXB0aW9uLWtleS1mb3ItZTJlLXRlc3Q=';
/** When set, every process's output is written there on dispose, one file per process, to read after a run. */
const LOG_DIR = process.env.E2E_LOG_DIR;

export interface DistributedSystemOptions {
  /** Processes per app; 1 when not given. */
  replicas?: Partial<Record<AppName, number>>;
  /** Extra environment of every app (WEBHOOK_BACKOFF_BASE_MS, ...). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Reach PostgreSQL through a proxy that `databaseLink` can cut, to simulate a database outage. */
  databaseProxy?: boolean;
  /** A clock the test shifts: every app reads it, and the database's now() follows it. */
  clock?: ShiftedClock;
}

export interface Readiness {
  status: number;
  body: { status: string; info?: Record<string, { status: string }>; error?: Record<string, { status: string; message?: string }> };
}

/** Inherited settings that would point an app somewhere else than this system. */
const FOREIGN_ENV = ['DATA_DIR', 'EVENTSTORE_URL', 'PORT', 'INSTANCE_ID', 'HOSTNAME', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_TRACES_EXPORTER'];

/**
 * The service in distributed mode, for one suite: its own Kafka (`startTestKafkaCluster`: a real
 * broker, else the mock cluster), a throwaway PostgreSQL database (services' schemas and the
 * event store), and each app as its own process(es).
 */
export class DistributedSystem {
  private readonly processes = new Map<AppName, AppProcess[]>();
  private readonly instanceCounts = new Map<AppName, number>();
  /** Every process ever started, including killed and replaced ones, for failure messages. */
  private readonly history: AppProcess[] = [];

  private constructor(
    private readonly cluster: TestKafkaCluster,
    private readonly database: ThrowawayDatabase,
    private readonly env: NodeJS.ProcessEnv,
    private readonly readyTimeoutMs: number,
    /** The proxy between the apps and PostgreSQL, when the system was started with `databaseProxy`. */
    readonly databaseLink: TcpProxy | null,
    /** Each answering service's address, as a Service in front of its replicas (post-service, publisher, webhook-dispatcher). */
    readonly services: readonly TcpProxy[],
  ) {}

  static async start(options: DistributedSystemOptions = {}): Promise<DistributedSystem> {
    for (const app of APP_NAMES) {
      const main = mainOf(app);
      if (!existsSync(main)) throw new Error(`${main} is missing: run "npm run build" (or set DIST to a build) before the e2e suite`);
    }
    const [clusterStart, databaseStart] = await Promise.allSettled([startTestKafkaCluster(), createThrowawayDatabase('sps_e2e_distributed')]);
    if (clusterStart.status === 'rejected' || databaseStart.status === 'rejected') {
      await Promise.allSettled([
        clusterStart.status === 'fulfilled' ? clusterStart.value.stop() : undefined,
        databaseStart.status === 'fulfilled' ? databaseStart.value.drop() : undefined,
      ]);
      throw clusterStart.status === 'rejected' ? clusterStart.reason : (databaseStart as PromiseRejectedResult).reason;
    }
    const [cluster, database] = [clusterStart.value, databaseStart.value];
    const databaseLink = options.databaseProxy ? await TcpProxy.start({ host: new URL(database.url).hostname, port: Number(new URL(database.url).port || 5432) }) : null;
    const databaseUrl = options.clock ? await options.clock.follow(database.url) : database.url;
    const appDatabaseUrl = databaseLink ? withPort(databaseUrl, databaseLink.port) : databaseUrl;
    // The services that answer requests of the others, each as a Service in front of its replicas: the first one running.
    let running: (app: AppName) => { host: string; port: number } | null = () => null;
    const [postService, publisher, dispatcher] = await Promise.all((['post-service', 'publisher', 'webhook-dispatcher'] as const).map((app) => TcpProxy.start(() => running(app))));
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of FOREIGN_ENV) delete env[name];
    Object.assign(env, {
      NODE_OPTIONS: '',
      NO_COLOR: '1',
      // A build outside the repository still finds the repository's packages.
      NODE_PATH: resolve(__dirname, '../../../../node_modules'),
      KAFKA_BROKERS: cluster.brokers.join(','),
      DATABASE_URL: appDatabaseUrl,
      EVENTSTORE_PG_URL: appDatabaseUrl,
      ENCRYPTION_KEY,
      ADMIN_TOKEN,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      // A killed member's partitions move on after this; Kafka's own minimum, instead of the 30 s default.
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      RATE_LIMIT_PER_MINUTE: '100000',
      POST_SERVICE_URL: `http://127.0.0.1:${postService.port}`,
      PUBLISHER_URL: `http://127.0.0.1:${publisher.port}`,
      WEBHOOK_DISPATCHER_URL: `http://127.0.0.1:${dispatcher.port}`,
      ...options.env,
      ...options.clock?.env,
    });
    const system = new DistributedSystem(cluster, database, env, options.readyTimeoutMs ?? 90_000, databaseLink, [postService, publisher, dispatcher]);
    running = (app) => {
      const replica = system.replicas(app).find((candidate) => candidate.running);
      return replica ? { host: '127.0.0.1', port: replica.port } : null;
    };
    const starting = APP_NAMES.flatMap((app) => Array.from({ length: options.replicas?.[app] ?? 1 }, () => system.addReplica(app)));
    const failures = (await Promise.allSettled(starting)).flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    if (failures.length > 0) {
      await system.dispose();
      throw new Error(`The distributed system did not start:\n${failures.join('\n')}\n${system.outputTails()}`);
    }
    return system;
  }

  /** The gateway: the API of the whole system. */
  get baseUrl(): string {
    return this.replica('gateway').baseUrl;
  }

  get adminToken(): string {
    return ADMIN_TOKEN;
  }

  /** Which Kafka the system runs on (a real broker, or the mock cluster, which answers fewer admin requests). */
  get kafkaKind(): TestKafkaCluster['kind'] {
    return this.cluster.kind;
  }

  /** The Kafka cluster's bootstrap addresses, to read the topics as any client of the cluster could. */
  get kafkaBrokers(): string[] {
    return this.cluster.brokers;
  }

  /** Stops the Kafka broker and starts it again on its ports and data; fails saying why where the cluster cannot. */
  get kafkaOutage(): BrokerOutage {
    const { outage } = this.cluster;
    if ('unsupported' in outage) throw new Error(`This Kafka cannot be stopped and started again: ${outage.unsupported}`);
    return outage;
  }

  /** What `/health/ready` of a replica answers: 200, or 503 with the reason of each failed check under `error`. */
  async readiness(app: AppName, index = 0): Promise<Readiness> {
    const response = await fetch(`${this.replica(app, index).baseUrl}/health/ready`, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, body: (await response.json()) as Readiness['body'] };
  }

  replicas(app: AppName): AppProcess[] {
    return this.processes.get(app) ?? [];
  }

  replica(app: AppName, index = 0): AppProcess {
    const found = this.replicas(app)[index];
    if (!found) throw new Error(`There is no replica ${index} of ${app}`);
    return found;
  }

  /** Starts one more process of `app` (instance `<app>-<n>`) and waits until it is ready. */
  async addReplica(app: AppName): Promise<AppProcess> {
    const number = (this.instanceCounts.get(app) ?? 0) + 1;
    this.instanceCounts.set(app, number);
    const started = await this.spawn(app, `${app}-${number}`);
    this.processes.set(app, [...this.replicas(app), started]);
    return started;
  }

  /** Every process of `app` started so far, the replaced ones too. */
  everyProcessOf(app: AppName): AppProcess[] {
    return this.history.filter((child) => child.spec.app === app);
  }

  /** kill -9 of one replica: no shutdown hook, no leaving its consumer groups. */
  kill(app: AppName, index = 0): Promise<unknown> {
    return this.replica(app, index).kill();
  }

  /** SIGTERM of one replica: it finishes what it holds and leaves its groups. */
  stop(app: AppName, index = 0): Promise<unknown> {
    return this.replica(app, index).stop();
  }

  /** Starts a stopped or killed replica again, under the same instance id, and waits until it is ready. */
  async restart(app: AppName, index = 0): Promise<AppProcess> {
    const previous = this.replica(app, index);
    if (previous.running) await previous.stop();
    const started = await this.spawn(app, previous.spec.instanceId);
    this.replicas(app)[index] = started;
    return started;
  }

  /** Runs a query against the system's database, to check what the services stored. */
  async query<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
    const client = new Client({ connectionString: this.database.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  /**
   * Runs a scenario; when it fails, the error carries the last output of every process, and a
   * process that crashed on its own fails the scenario even if its checks passed.
   */
  diagnose<T>(work: () => Promise<T>): Promise<T> {
    return diagnoseProcesses(() => this.history, work);
  }

  outputTails(lines = 40): string {
    return this.history.map((child) => child.tail(lines)).join('\n');
  }

  /** Stops every process, then the cluster, then drops the database. */
  async dispose(): Promise<void> {
    await Promise.allSettled(this.history.map((child) => child.stop()));
    if (LOG_DIR) {
      mkdirSync(LOG_DIR, { recursive: true });
      for (const child of this.history) writeFileSync(resolve(LOG_DIR, `${child.spec.instanceId}-${child.pid}.log`), child.text());
    }
    await this.databaseLink?.close();
    await Promise.allSettled(this.services.map((service) => service.close()));
    await Promise.allSettled([this.cluster.stop(), this.database.drop()]);
  }

  private async spawn(app: AppName, instanceId: string): Promise<AppProcess> {
    const env = { ...this.env, INSTANCE_ID: instanceId };
    const started = await NodeProcess.start({ app, instanceId, name: instanceId, main: mainOf(app), env, readyTimeoutMs: this.readyTimeoutMs });
    this.history.push(started);
    return started;
  }
}

function withPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}

function mainOf(app: AppName): string {
  return resolve(DIST_DIR, 'apps', app, 'main.js');
}
