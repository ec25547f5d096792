import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { EVENT_STORE, EventStore } from '@app/event-store';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { configureGatewayApp } from '../../apps/gateway/src/configure-gateway-app';
import { StandaloneModule } from '../../apps/standalone/standalone.module';

/** The embedded service, composed in this process exactly as `npm start` composes it. */
export interface BenchService {
  baseUrl: string;
  adminToken: string;
  /** The post event streams, read after the run for the times the aggregate recorded. */
  eventStore: EventStore;
  /** The bus, where the commands of the scheduler and the publisher are read back after the run. */
  messageBus: MessageBus;
  close(): Promise<void>;
}

export const SERVICE_LOG_LEVELS = ['error', 'warn'] as const;

/** Starts on a fresh temporary DATA_DIR and a free port; close() stops it and deletes the data. */
export async function startBenchService(): Promise<BenchService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-'));
  const port = await freePort();
  const adminToken = randomBytes(24).toString('base64url');
  const config = loadConfig({
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_TOKEN: adminToken,
    RATE_LIMIT_PER_MINUTE: '1000000',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  });
  let app: INestApplication | null = null;
  try {
    // Info logs would print several lines per post; warnings and errors still show.
    app = await NestFactory.create(StandaloneModule.forRoot(config), { logger: [...SERVICE_LOG_LEVELS] });
    configureGatewayApp(app, config);
    await app.listen(port, '127.0.0.1');
  } catch (error) {
    await app?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const started = app;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    adminToken,
    eventStore: started.get<EventStore>(EVENT_STORE),
    messageBus: started.get<MessageBus>(MESSAGE_BUS),
    close: async () => {
      try {
        await started.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}
