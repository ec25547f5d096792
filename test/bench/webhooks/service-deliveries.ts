import { Api } from '../support/api';
import { BenchFailure } from '../support/bench-failure';
import { MemoryWatch, MemoryPeak } from '../support/memory';
import { ReceivedRequest, Receivers } from '../support/receivers/receivers';
import { scheduleBurst, seconds } from '../support/scheduled-burst';
import { startEmbeddedService } from '../support/service-process';
import { BenchWorkspace, createBenchMember, prepareWorkspace } from '../support/workspaces';
import { delaysFor, FanOutPlan, SLOW_RECEIVER } from './fan-out-plan';

export interface ServiceDeliveries {
  requests: ReceivedRequest[];
  dueAtMs: number;
  memory: MemoryPeak;
}

/**
 * The deliveries as the service makes them: a fresh embedded service, the plan's workspaces with
 * a sandbox account and one webhook to each receiver, their posts all due in the same second.
 * Waits until every receiver but the slow one has each post's `post.published`.
 */
export async function serviceDeliveries(plan: FanOutPlan, receivers: Receivers, withSlowReceiver: boolean): Promise<ServiceDeliveries> {
  await receivers.answerAfter(delaysFor(plan, withSlowReceiver));
  await receivers.take();
  const service = await startEmbeddedService();
  try {
    const memory = new MemoryWatch(service.pid);
    const admin = new Api(service.baseUrl, service.adminToken);
    const member = await createBenchMember(admin);
    const workspaces: BenchWorkspace[] = [];
    for (let index = 1; index <= plan.workspaces; index++) {
      workspaces.push(await prepareWorkspace(admin, member, { name: `Webhooks ${index}`, webhookUrls: receivers.urls }));
    }
    const burst = await scheduleBurst(workspaces, plan.postsPerWorkspace, 'Webhooks');
    const posts = burst.uuids.length;
    const measured = (counts: { distinctPerReceiver: number[] }) =>
      counts.distinctPerReceiver.filter((_, receiver) => !(withSlowReceiver && receiver === SLOW_RECEIVER));
    const deadline = burst.dueAtMs + 60_000 + 20 * plan.deliveries;
    const complete = await receivers.waitFor(
      (counts) => measured(counts).every((received) => received >= posts),
      deadline,
      (counts) => `${measured(counts).reduce((sum, received) => sum + received, 0)} deliveries received ${seconds(Date.now() - burst.dueAtMs)} after the due time`,
      burst.dueAtMs,
    );
    if (!complete) {
      const counts = await receivers.counts();
      throw new BenchFailure(`not every receiver had every post's webhook within ${seconds(deadline - burst.dueAtMs)}: ${measured(counts).join(', ')} of ${posts}\n${service.tail()}`);
    }
    const peak = memory.stop();
    return { requests: await receivers.take(), dueAtMs: burst.dueAtMs, memory: peak };
  } finally {
    await service.dispose();
  }
}
