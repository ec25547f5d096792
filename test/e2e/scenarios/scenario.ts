import { adminOf, ApiClient } from '../support/api-client';
import { Responder, WebhookReceiver } from '@app/testing';

/**
 * The service under test, whichever way it runs (embedded: one process; distributed: one process
 * per app behind the gateway): the API's base URL, the bootstrap admin's token, and optionally a
 * wrapper that adds the service's output to a failure and fails when a process crashed.
 */
export interface SystemHandle {
  readonly baseUrl: string;
  readonly adminToken: string | null;
  diagnose?<T>(work: () => Promise<T>): Promise<T>;
}

/** What a scenario gets: the system, its admin's client, and webhook receivers that are closed after the scenario. */
export interface ScenarioContext {
  system: SystemHandle;
  admin: ApiClient;
  openReceiver(responder?: Responder): Promise<WebhookReceiver>;
}

/** What some scenarios need that not every way of running the service has. */
export type ScenarioNeed = 'consumer lag';

/** One scenario of the service's behaviour, written once and run by every suite that starts the service some way. */
export interface Scenario {
  title: string;
  /** What it needs beyond the service itself; a suite whose system lacks it skips it, saying why. */
  needs?: readonly ScenarioNeed[];
  run(context: ScenarioContext): Promise<void>;
}

/**
 * Registers one test per scenario in the calling describe; `system` is read when a test runs.
 * `lacking` says why this suite's system lacks a need: the scenarios that need it are skipped, saying so.
 */
export function itRunsEach(scenarios: readonly Scenario[], system: () => SystemHandle, lacking: Partial<Record<ScenarioNeed, string>> = {}): void {
  for (const scenario of scenarios) {
    const missing = scenario.needs?.map((need) => lacking[need]).find((reason) => reason !== undefined);
    if (missing === undefined) {
      it(scenario.title, () => runScenario(scenario, system()));
      continue;
    }
    process.stderr.write(`Skipping "${scenario.title}": ${missing}.\n`);
    it.skip(`${scenario.title} (skipped: ${missing})`, () => undefined);
  }
}

async function runScenario(scenario: Scenario, system: SystemHandle): Promise<void> {
  const receivers: WebhookReceiver[] = [];
  const context: ScenarioContext = {
    system,
    admin: adminOf(system),
    openReceiver: async (responder) => {
      const receiver = await WebhookReceiver.start(responder);
      receivers.push(receiver);
      return receiver;
    },
  };
  try {
    await (system.diagnose ? system.diagnose(() => scenario.run(context)) : scenario.run(context));
  } finally {
    await Promise.all(receivers.map((receiver) => receiver.close()));
  }
}
