import { Benchmark } from '../support/benchmark';
import { integerListSetting } from '../support/environment';
import { MemoryWatch } from '../support/memory';
import { Receivers } from '../support/receivers/receivers';
import { startEmbeddedService } from '../support/service-process';
import { printLifecycle } from './lifecycle-report';
import { runLifecycle } from './lifecycle-run';

/**
 * BENCH_LIFECYCLE_POSTS (default 1000,10000) posts due in the same second on the embedded
 * service, a fresh service process for each count so that its peak memory is the burst's own.
 */
export const lifecycleBenchmark: Benchmark = {
  name: 'lifecycle',
  async run() {
    const counts = integerListSetting('BENCH_LIFECYCLE_POSTS', [1_000, 10_000]);
    const receivers = await Receivers.start(1);
    try {
      for (const count of counts) {
        console.log(`\n-- ${count} posts due in the same second, embedded service (its own process, fresh DATA_DIR)`);
        const service = await startEmbeddedService();
        try {
          const memory = new MemoryWatch(service.pid);
          const result = await runLifecycle(service, receivers, count);
          printLifecycle(result, [{ name: 'the service process', peak: memory.stop() }]);
        } finally {
          await service.dispose();
        }
      }
    } finally {
      await receivers.stop();
    }
  },
};
