import { ApiClient } from '../../support/api-client';
import { ORIGINAL, withOffset } from '../../lifecycle/lifecycle-fixtures';

/**
 * What a scenario needs of the service under test, whichever way it runs (embedded: one process;
 * distributed: one process per app): the API's base URL, the bootstrap admin's token, and
 * optionally a wrapper that adds the service's output to a failure.
 */
export interface ScenarioHost {
  baseUrl: string;
  adminToken: string | null;
  diagnose?<T>(work: () => Promise<T>): Promise<T>;
}

/** Runs a scenario body through the host's diagnose, when it has one. */
export const within = <T>(host: ScenarioHost, work: () => Promise<T>): Promise<T> => (host.diagnose ? host.diagnose(work) : work());

export const adminOf = (host: ScenarioHost): ApiClient => new ApiClient(host.baseUrl, host.adminToken);

/** How long a step may take from a request to its webhook, across processes and a few Kafka hops. */
export const LIFECYCLE_TIMEOUT_MS = 45_000;

export const PUBLISHED_IS_FINAL = 'A published post cannot be edited or deleted. Create a new post instead.';

/** The body of a post for these accounts, published now or at `at` (sent with seconds and a +02:00 offset). */
export function postBody(accounts: number[], at?: Date): Record<string, unknown> {
  const when = at === undefined ? { schedule_now: true } : { schedule: true, scheduled_at: withOffset(at, 120) };
  return { versions: [ORIGINAL], accounts, ...when };
}
