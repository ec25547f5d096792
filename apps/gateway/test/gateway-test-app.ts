import { AppConfig, loadConfig } from '@app/config';
import { SqlEventStore } from '@app/event-store';
import { connectMessageHandlers, InProcessMessageBus } from '@app/messaging';
import { FileMediaStore } from '@app/media-store';
import { openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { MEDIA_URL_SIGNER, MediaUrlSigner } from '@app/security';
import { createHttpApp } from '@app/runtime';
import { testInfrastructure } from '@app/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables } from '../src/gateway-migrations';
import { configureGatewayApp } from '../src/configure-gateway-app';
import { GatewayModule } from '../src/gateway.module';
import { PostServiceModule } from '../../post-service/src/post-service.module';
import { ServicesBehindGateway } from './services-behind-gateway';

export interface GatewayTestApp {
  url: string;
  database: SqlDatabase;
  /** The gateway's own tables, for checks of what it stored. */
  tables: GatewayDatabase;
  services: ServicesBehindGateway;
  /** The bus on the same database: the post-service takes its commands from it and relays its events to it; the gateway consumes them. */
  bus: InProcessMessageBus;
  /** The media store the gateway writes uploads to: files in a temporary folder, removed by `dispose`. */
  media: FileMediaStore;
  /** That folder. */
  mediaFolder: string;
  /** What signs the addresses platforms fetch media from, with the gateway's key (as the publisher does). */
  mediaUrls: MediaUrlSigner;
  /** Stops the app; the database stays open for another app until `dispose`. */
  close(): Promise<void>;
  dispose(): Promise<void>;
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: string;
  /** A multipart body (fetch sets its Content-Type with the boundary). */
  form?: FormData;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- responses are inspected field by field in tests
  headers: Headers;
}

/** The ADMIN_TOKEN of the test app unless a test sets another: the bootstrap admin's token, and the token `call` sends by default. */
export const BOOTSTRAP_ADMIN_TOKEN = 'gateway-test-bootstrap-admin-token';

/**
 * GatewayModule beside the real PostServiceModule, as embedded mode runs them: one database (SQLite
 * in memory) holding the post-service's event store, the in-process bus and in-process RPC, served
 * on a free port exactly as the apps serve it (configureGatewayApp). The publisher and the
 * webhook-dispatcher behind the RPC are stand-ins (ServicesBehindGateway).
 */
export async function startGatewayTestApp(
  env: Record<string, string> = {},
  reuse?: { database: SqlDatabase; services: ServicesBehindGateway },
): Promise<GatewayTestApp> {
  const config: AppConfig = loadConfig({ ADMIN_TOKEN: BOOTSTRAP_ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '10000', ...env });
  const database = reuse?.database ?? openSqliteDatabase();
  const services = reuse?.services ?? new ServicesBehindGateway();
  const rpc = services.rpc();

  const bus = new InProcessMessageBus(database);
  await bus.migrate();
  const eventStore = new SqlEventStore(database);
  await eventStore.migrate();
  const mediaFolder = mkdtempSync(join(tmpdir(), 'gateway-media-'));
  const media = new FileMediaStore(mediaFolder);
  const infrastructure = testInfrastructure(database, { config, rpc, messageBus: bus, eventStore, media, encryptionKey: randomBytes(32).toString('base64') });
  const app = await createHttpApp({ module: GatewayUnderTest, imports: [infrastructure, PostServiceModule, GatewayModule] }, false, { trustedProxyCount: config.trustedProxyCount });
  connectMessageHandlers(app);
  configureGatewayApp(app, config);
  await app.init();
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');

  return {
    url,
    database,
    tables: database.forSchema<GatewayTables>(GATEWAY_SCHEMA),
    services,
    bus,
    media,
    mediaFolder,
    mediaUrls: app.get(MEDIA_URL_SIGNER),
    close: async () => {
      await app.close();
      await bus.close();
      await eventStore.close();
    },
    dispose: async () => {
      await app.close();
      await bus.close();
      await eventStore.close();
      await database.close();
      rmSync(mediaFolder, { recursive: true, force: true });
    },
    call: async (method, path, options = {}) => {
      const token = options.token === undefined ? BOOTSTRAP_ADMIN_TOKEN : options.token;
      const headers: Record<string, string> = { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...options.headers };
      let body: string | FormData | undefined = options.form ?? options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(`${url}${path}`, { method, headers, body });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text === '' ? null : safeJson(text) };
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The gateway's and the post-service's modules over the test infrastructure. */
class GatewayUnderTest {}

/** A new workspace whose admin (and approver) is the bootstrap admin, who creates it; returns its uuid. */
export async function adminWorkspace(gateway: GatewayTestApp, name: string): Promise<string> {
  return (await gateway.call('POST', '/api/panel/workspaces', { body: { name } })).body.uuid;
}
