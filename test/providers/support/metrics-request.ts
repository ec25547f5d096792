import { platformOf } from '@app/platforms';
import { MetricsOutcome, MetricsRequest, ProviderConnection, PublishOutcome } from '../../../apps/publisher/src/providers/publish-provider';

/** The request to read the figures of a post `publish` answered for this connection (as the first item of the post). */
export function metricsRequest(connection: ProviderConnection, outcome: PublishOutcome): MetricsRequest {
  if (outcome.kind !== 'published') throw new Error(`The post was not published: ${outcome.kind} ${outcome.message}`);
  return {
    account: { id: connection.accountId, provider: 'test', name: 'Test account', username: null },
    connection,
    published: { externalId: outcome.externalId, externalUrl: outcome.externalUrl, reference: outcome.reference ?? null },
  };
}

/** The names of the figures an outcome read, sorted; none when it read none. */
export function namesOf(outcome: MetricsOutcome): string[] {
  return outcome.kind === 'read' ? Object.keys(outcome.metrics).sort() : [];
}

/** The names of the figures a platform's description says it reports, sorted. */
export function describedFigures(provider: string): string[] {
  return [...(platformOf(provider)?.metrics ?? [])].sort();
}
