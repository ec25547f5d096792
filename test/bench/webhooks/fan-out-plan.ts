import { BenchFailure } from '../support/bench-failure';
import { integerSetting } from '../support/environment';

/** Who receives what: every workspace has one webhook to each receiver, so each post is told to every receiver. */
export interface FanOutPlan {
  receivers: number;
  workspaces: number;
  postsPerWorkspace: number;
  /** posts x receivers */
  deliveries: number;
  /** How long the slow receiver waits before it answers (ms). */
  slowAnswerMs: number;
}

/** The most webhooks a workspace may have (the service refuses a 21st): one per receiver. */
const WEBHOOKS_PER_WORKSPACE = 20;

export function fanOutPlan(): FanOutPlan {
  const wanted = integerSetting('BENCH_WEBHOOK_DELIVERIES', 5_000);
  const receivers = integerSetting('BENCH_WEBHOOK_RECEIVERS', WEBHOOKS_PER_WORKSPACE, 2);
  if (receivers > WEBHOOKS_PER_WORKSPACE) {
    throw new BenchFailure(`BENCH_WEBHOOK_RECEIVERS is ${receivers}: a workspace has at most ${WEBHOOKS_PER_WORKSPACE} webhooks, one per receiver`);
  }
  const workspaces = integerSetting('BENCH_WEBHOOK_WORKSPACES', 5);
  const postsPerWorkspace = Math.ceil(wanted / (receivers * workspaces));
  if (postsPerWorkspace < 1) throw new BenchFailure('BENCH_WEBHOOK_DELIVERIES is too small for the receivers and workspaces');
  return { receivers, workspaces, postsPerWorkspace, deliveries: postsPerWorkspace * workspaces * receivers, slowAnswerMs: integerSetting('BENCH_WEBHOOK_SLOW_MS', 6_000) };
}

/** The receivers whose deliveries are measured: all but the slow one (index 0) when there is one. */
export const SLOW_RECEIVER = 0;
export const measuredExcept = (withSlowReceiver: boolean): ReadonlySet<number> => new Set(withSlowReceiver ? [SLOW_RECEIVER] : []);
export const delaysFor = (plan: FanOutPlan, withSlowReceiver: boolean): number[] => (withSlowReceiver ? [plan.slowAnswerMs] : []);
