import { resolve } from 'node:path';
import { Benchmark } from '../support/benchmark';
import { integerListSetting } from '../support/environment';
import { MemoryPeak, MemoryWatch } from '../support/memory';
import { Receivers } from '../support/receivers/receivers';
import { STANDALONE_MAIN, startEmbeddedService } from '../support/service-process';
import { summarize } from '../support/stats';
import { printLifecycle } from './lifecycle-report';
import { LifecycleResult, runLifecycle } from './lifecycle-run';

interface Build {
  name: string;
  main: string;
}

/**
 * BENCH_LIFECYCLE_POSTS (default 1000,10000) posts due in the same second on the embedded
 * service, a fresh service process for each count so that its peak memory is the burst's own.
 * BENCH_LIFECYCLE_COMPARE_WITH names another build's `dist/apps/standalone/main.js` (an earlier
 * commit, say): each count then runs on that build first and on this one next, and the two are
 * compared in the same run.
 */
export const lifecycleBenchmark: Benchmark = {
  name: 'lifecycle',
  async run() {
    const counts = integerListSetting('BENCH_LIFECYCLE_POSTS', [1_000, 10_000]);
    const other = process.env.BENCH_LIFECYCLE_COMPARE_WITH;
    const builds: Build[] = [...(other ? [{ name: 'the compared build', main: resolve(other) }] : []), { name: 'this build', main: STANDALONE_MAIN }];
    const receivers = await Receivers.start(1);
    try {
      for (const count of counts) {
        const results = new Map<Build, MeasuredBuild>();
        for (const build of builds) {
          const which = other ? `, ${build.name} (${build.main})` : '';
          console.log(`\n-- ${count} posts due in the same second, embedded service (its own process, fresh DATA_DIR)${which}`);
          const service = await startEmbeddedService({}, build.main);
          try {
            const memory = new MemoryWatch(service.pid);
            const result = await runLifecycle(service, receivers, count);
            const peak = memory.stop();
            printLifecycle(result, [{ name: 'the service process', peak }]);
            results.set(build, { result, peak });
          } finally {
            await service.dispose();
          }
        }
        if (other) printComparison(count, results.get(builds[1]!)!, results.get(builds[0]!)!);
      }
    } finally {
      await receivers.stop();
    }
  },
};

/** A build's lifecycle figures and the peak memory of its service process. */
interface MeasuredBuild {
  result: LifecycleResult;
  peak: MemoryPeak;
}

function printComparison(count: number, currentBuild: MeasuredBuild, comparedBuild: MeasuredBuild): void {
  const { result: current } = currentBuild;
  const { result: compared } = comparedBuild;
  const row = (label: string, now: number | null, before: number | null, unit: string) => {
    if (now === null || before === null) return;
    console.log(`  ${label.padEnd(44)} ${`${now.toFixed(2)} ${unit}`.padStart(12)} ${`${before.toFixed(2)} ${unit}`.padStart(12)} ${(before / now).toFixed(2).padStart(8)}x`);
  };
  console.log(`\n  ${count} posts, this build against the compared build (same run; ratio = compared / this, above 1 is better)`);
  console.log(`  ${''.padEnd(44)} ${'this build'.padStart(12)} ${'compared'.padStart(12)} ${'ratio'.padStart(9)}`);
  const perPost = (result: LifecycleResult) => (result.serviceCpuMs === null ? null : result.serviceCpuMs / result.count);
  row('service CPU time per post', perPost(current), perPost(compared), 'ms');
  row('post.published webhook p99', summarize(current.webhook).p99 / 1000, summarize(compared.webhook).p99 / 1000, 's');
  row('published_at p99', summarize(current.live).p99 / 1000, summarize(compared.live).p99 / 1000, 's');
  const sqlitePerPost = (result: LifecycleResult, what: 'statements' | 'transactions') => {
    const counts = result.sqliteStatements;
    if (counts === null) return null;
    return (what === 'transactions' ? counts.transactions : counts.begin + counts.commit + counts.other) / result.count;
  };
  row('SQLite statements per post', sqlitePerPost(current, 'statements'), sqlitePerPost(compared, 'statements'), '');
  row('SQLite transactions committed per post', sqlitePerPost(current, 'transactions'), sqlitePerPost(compared, 'transactions'), '');
  row('peak RSS of the service (VmHWM)', currentBuild.peak.lifetimePeakMiB, comparedBuild.peak.lifetimePeakMiB, 'MB');
}
