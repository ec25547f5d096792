import { Benchmark } from '../support/benchmark';
import { mib } from '../support/memory';
import { atLeast, atMost, percent, table, targetCell } from '../support/report';
import { Receivers } from '../support/receivers/receivers';
import { seconds } from '../support/scheduled-burst';
import { DeliverySpan, deliverySpan, slowdown } from './delivery-span';
import { fanOutPlan, measuredExcept } from './fan-out-plan';
import { serviceDeliveries } from './service-deliveries';
import { undiciFanOut } from './undici-fan-out';

const UNDICI_SHARE_TARGET = 0.6;
const SLOWDOWN_TARGET = 0.1;

/**
 * BENCH_WEBHOOK_DELIVERIES (5,000) deliveries to BENCH_WEBHOOK_RECEIVERS (20, a workspace's most webhooks) receivers in a
 * process of their own, made by the embedded service from posts published through the API, next
 * to bare undici sending the same requests; then both again with receiver 0 answering after
 * BENCH_WEBHOOK_SLOW_MS (6,000 ms, past the 5 s webhook timeout).
 */
export const webhooksBenchmark: Benchmark = {
  name: 'webhooks',
  async run() {
    const plan = fanOutPlan();
    const posts = plan.workspaces * plan.postsPerWorkspace;
    console.log(
      `\n-- ${plan.deliveries} deliveries: ${plan.workspaces} workspaces x ${plan.postsPerWorkspace} posts, each workspace with a webhook ` +
        `to each of ${plan.receivers} receivers (${posts} posts x ${plan.receivers}); a fresh service per run`,
    );
    const receivers = await Receivers.start(plan.receivers);
    try {
      // Unmeasured: JIT, sockets and the receivers' process warmed up before the first measured run of either.
      await undiciFanOut(plan, receivers, false);
      console.log('  run 1 of 4: the service, every receiver fast');
      const service = await serviceDeliveries(plan, receivers, false);
      console.log('  run 2 of 4: bare undici, every receiver fast');
      const undici = await undiciFanOut(plan, receivers, false);
      console.log(`  run 3 of 4: the service, receiver 0 answers after ${plan.slowAnswerMs} ms`);
      const serviceSlow = await serviceDeliveries(plan, receivers, true);
      console.log(`  run 4 of 4: bare undici, receiver 0 answers after ${plan.slowAnswerMs} ms`);
      const undiciSlow = await undiciFanOut(plan, receivers, true);

      const spans = {
        service: deliverySpan(service.requests),
        undici: deliverySpan(undici),
        // Like for like with the slow runs: the same receivers, receiver 0 left out.
        serviceOthers: deliverySpan(service.requests, measuredExcept(true)),
        undiciOthers: deliverySpan(undici, measuredExcept(true)),
        serviceSlow: deliverySpan(serviceSlow.requests, measuredExcept(true)),
        undiciSlow: deliverySpan(undiciSlow, measuredExcept(true)),
      };
      const share = (ours: DeliverySpan, theirs: DeliverySpan) => (ours.perSecond !== null && theirs.perSecond ? ours.perSecond / theirs.perSecond : null);
      const fastShare = share(spans.service, spans.undici);
      const serviceSlowdown = slowdown(spans.serviceOthers, spans.serviceSlow);
      const undiciSlowdown = slowdown(spans.undiciOthers, spans.undiciSlow);
      const row = (label: string, span: DeliverySpan, ratio: string, target: string) => [
        label,
        String(span.deliveries),
        `${((span.lastAt - span.firstAt) / 1000).toFixed(2)} s`,
        span.perSecond === null ? 'n/a' : Math.round(span.perSecond).toString(),
        ratio,
        target,
      ];
      const lines = [
        ['', 'deliveries', 'first -> last', 'deliveries/s', 'x undici', 'target (not asserted)'],
        row('every receiver fast: service', spans.service, percent(fastShare), targetCell(atLeast(`>= ${percent(UNDICI_SHARE_TARGET)} of undici`, fastShare, UNDICI_SHARE_TARGET))),
        row('every receiver fast: bare undici', spans.undici, '', ''),
        row(`receiver 0 slow: service, the others`, spans.serviceSlow, percent(share(spans.serviceSlow, spans.undiciSlow)), ''),
        row(`receiver 0 slow: bare undici, the others`, spans.undiciSlow, '', ''),
      ];
      console.log(`\n${table(lines, [0, 5])}`);
      console.log(
        `\n  The slow receiver slowed the others' deliveries (receivers 1-${plan.receivers - 1}, deliveries/s against the fast run): ` +
          `service ${signed(serviceSlowdown)} (${targetCell(atMost(`<= ${percent(SLOWDOWN_TARGET)}`, serviceSlowdown, SLOWDOWN_TARGET))}), bare undici ${signed(undiciSlowdown)}.`,
      );
      console.log(
        `  The service's first delivery arrived ${seconds(spans.service.firstAt - service.dueAtMs)} after the posts' due time ` +
          `(the pipeline before the dispatcher), the last ${seconds(spans.service.lastAt - service.dueAtMs)} after it.`,
      );
      console.log(
        `  Bare undici: ${plan.deliveries} requests issued at once from the benchmark's process, 8 connections per receiver, 5 s timeout, signed like the service's.`,
      );
      console.log(`  Peak RSS of the service process (VmHWM): ${mib(service.memory.lifetimePeakMiB)}, ${mib(serviceSlow.memory.lifetimePeakMiB)} in the slow run.`);
    } finally {
      await receivers.stop();
    }
  },
};

const signed = (value: number | null): string => (value === null ? 'n/a' : `${value >= 0 ? '+' : ''}${Math.round(value * 100)}%`);
