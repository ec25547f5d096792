import { NodeProcess, NodeProcessSpec } from '../node-process';

export const APP_NAMES = ['post-service', 'scheduler', 'publisher', 'webhook-dispatcher', 'gateway'] as const;
export type AppName = (typeof APP_NAMES)[number];

export interface AppProcessSpec extends NodeProcessSpec {
  app: AppName;
  /** INSTANCE_ID: stable across restarts of one replica, as in a StatefulSet. */
  instanceId: string;
}

/** One app of distributed mode running as its own process. */
export type AppProcess = NodeProcess<AppProcessSpec>;
