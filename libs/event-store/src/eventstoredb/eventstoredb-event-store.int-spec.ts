import { existsSync } from 'node:fs';
import { GenericContainer, StartedTestContainer, Wait } from 'testcontainers';
import { eventStoreContract } from '../testing/event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

const configuredUrl = process.env.EVENTSTORE_URL;
const dockerAvailable = Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');

/** A throwaway EventStoreDB node in memory, when no server is configured. */
async function startEventStoreDb(): Promise<{ url: string; stop(): Promise<void> }> {
  const container: StartedTestContainer = await new GenericContainer('eventstore/eventstore:24.10')
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}

if (configuredUrl || dockerAvailable) {
  jest.setTimeout(180_000);
  eventStoreContract('EventStoreDbEventStore', async () => {
    const server = configuredUrl ? { url: configuredUrl, stop: async () => undefined } : await startEventStoreDb();
    const store = new EventStoreDbEventStore(server.url, 100);
    const otherProcessStore = new EventStoreDbEventStore(server.url, 100);
    return {
      store,
      otherProcessStore,
      retryDelayMs: 100,
      dispose: async () => {
        await Promise.all([store.close(), otherProcessStore.close()]);
        await server.stop();
      },
    };
  });
} else {
  describe('EventStore contract: EventStoreDbEventStore', () => {
    it.skip('needs EVENTSTORE_URL or a Docker engine; neither is available, so this adapter is not tested here', () => undefined);
  });
  console.warn('EventStoreDB contract tests skipped: set EVENTSTORE_URL or start a Docker engine to run them.');
}
