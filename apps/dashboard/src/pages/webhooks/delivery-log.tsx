import { useState } from 'preact/hooks';
import { answer, api, WEBHOOK_EVENTS, type WebhookDelivery, type WebhookEvent } from '../../api';
import { Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { plural } from '../../plural';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';

/** How each kind of failure reads. */
export const errorKinds: Record<string, string> = {
  http_status: 'answer outside 2xx',
  timeout: 'timed out',
  connection: 'no connection',
  address_refused: 'address not public',
};

interface Filters {
  status: WebhookDelivery['status'] | '';
  event: WebhookEvent | '';
  since: string;
  until: string;
  postUuid: string;
}

const NONE: Filters = { status: '', event: '', since: '', until: '', postUuid: '' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isoOf = (local: string): string => (local ? new Date(local).toISOString() : '');

/** The filters are sent to the API; they are applied here too, so the log is right whatever the API filters. */
function passes(delivery: WebhookDelivery, filters: Filters): boolean {
  if (filters.status && delivery.status !== filters.status) return false;
  if (filters.event && delivery.event !== filters.event) return false;
  if (filters.since && delivery.created_at < isoOf(filters.since)) return false;
  if (filters.until && delivery.created_at > isoOf(filters.until)) return false;
  if (filters.postUuid.trim() && delivery.payload?.post?.uuid !== filters.postUuid.trim()) return false;
  return true;
}

/** A webhook's deliveries, newest first: filters, each delivery's attempts, Resend, and recovery of a window's failures. */
export function DeliveryLog({ webhookId, manages }: { webhookId: number; manages: boolean }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const [filters, setFilters] = useState<Filters>(NONE);
  const path = { workspaceUuid, id: webhookId };
  const postUuid = filters.postUuid.trim();
  // Only the filters that are set; a post uuid goes to the API once it is whole (a part of one would only be refused).
  const query = {
    status: filters.status || undefined,
    event: filters.event || undefined,
    since: isoOf(filters.since) || undefined,
    until: isoOf(filters.until) || undefined,
    post_uuid: UUID.test(postUuid) ? postUuid : undefined,
    limit: 100,
  };
  const log = useLoad(() => answer(api.GET('/api/{workspaceUuid}/webhooks/{id}/deliveries', { params: { path, query } })), [workspaceUuid, webhookId, JSON.stringify(query)]);
  const action = useAction();
  const [recoverable, setRecoverable] = useState<number | null>(null);
  const window_ = { since: isoOf(filters.since) || new Date(Date.now() - 86_400_000).toISOString(), ...(filters.until ? { until: isoOf(filters.until) } : {}) };

  const resend = (delivery: WebhookDelivery) =>
    action
      .run(() => answer(api.POST('/api/{workspaceUuid}/webhooks/{id}/deliveries/{deliveryId}/resend', { params: { path: { ...path, deliveryId: delivery.id } } })), 'Delivery queued again.')
      .then(log.reload);
  const recoverIn = (dryRun: boolean) => answer(api.POST('/api/{workspaceUuid}/webhooks/{id}/recover', { params: { path }, body: { ...window_, ...(dryRun ? { dry_run: true } : {}) } }));
  const count = async () => {
    const counted = await action.run(() => recoverIn(true));
    if (counted) setRecoverable(counted.count);
  };
  const recover = async () => {
    const recovered = await action.run(() => recoverIn(false));
    if (recovered) action.setDone(`${plural(recovered.count, 'failed delivery', 'failed deliveries')} queued again.`);
    setRecoverable(null);
    log.reload();
  };
  const set = (next: Partial<Filters>) => {
    setFilters({ ...filters, ...next });
    setRecoverable(null);
  };
  const shown = (log.data?.data ?? []).filter((delivery) => passes(delivery, filters));

  return (
    <Section title="Delivery log" actions={<button type="button" class="secondary" onClick={log.reload}>Refresh</button>}>
      <form class="filters" role="search" aria-label="Filter deliveries" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="delivery-status">Status</label>
          <select id="delivery-status" value={filters.status} onChange={(event) => set({ status: event.currentTarget.value as Filters['status'] })}>
            <option value="">Any status</option>
            <option value="pending">pending</option>
            <option value="succeeded">succeeded</option>
            <option value="failed">failed</option>
          </select>
        </div>
        <div class="field">
          <label for="delivery-event">Event</label>
          <select id="delivery-event" value={filters.event} onChange={(event) => set({ event: event.currentTarget.value as Filters['event'] })}>
            <option value="">Any event</option>
            {WEBHOOK_EVENTS.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="delivery-since">Since</label>
          <input id="delivery-since" type="datetime-local" value={filters.since} onChange={(event) => set({ since: event.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="delivery-until">Until</label>
          <input id="delivery-until" type="datetime-local" value={filters.until} onChange={(event) => set({ until: event.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="delivery-post">Post UUID</label>
          <input id="delivery-post" value={filters.postUuid} onInput={(event) => set({ postUuid: event.currentTarget.value })} />
        </div>
      </form>
      {manages && (
        <div class="row">
          <button type="button" class="secondary" onClick={() => void count()}>
            Count failed deliveries
          </button>
          {recoverable !== null && (
            <button type="button" disabled={recoverable === 0} onClick={() => void recover()}>
              Resend {plural(recoverable, 'failed delivery', 'failed deliveries')}
            </button>
          )}
          <span class="muted">in the window above (since the last 24 hours when no start is set)</span>
        </div>
      )}
      {action.outcome}
      {log.error && <Notice kind="error">{log.error}</Notice>}
      {log.loading && !log.data && <Loading what="deliveries" />}
      {log.data && shown.length === 0 && <p class="muted">No deliveries.</p>}
      <ul class="deliveries">
        {shown.map((delivery) => (
          <li key={delivery.id} class="delivery">
            <div class="delivery-head">
              <strong>{delivery.event}</strong>
              <span class={`status status-${delivery.status}`}>{delivery.status}</span>
              <span>{formatInZone(delivery.created_at, timeZone)}</span>
              <span class="muted">post {delivery.payload?.post?.uuid}</span>
              {manages && (
                <button type="button" class="secondary" onClick={() => void resend(delivery)}>
                  Resend
                </button>
              )}
            </div>
            <details>
              <summary>
                {plural(delivery.attempts.length, 'attempt')}{delivery.next_attempt_at ? `, next at ${formatInZone(delivery.next_attempt_at, timeZone)}` : ''}
              </summary>
              <ol>
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.at} class="attempt">
                    {formatInZone(attempt.at, timeZone)}: {attempt.status_code ? `HTTP ${attempt.status_code}` : 'no answer'} in {attempt.duration_ms} ms
                    {attempt.error_kind && <span class="muted"> ({errorKinds[attempt.error_kind] ?? attempt.error_kind}{attempt.error ? `: ${attempt.error}` : ''})</span>}
                    {attempt.next_retry_at && <span>, retry at {formatInZone(attempt.next_retry_at, timeZone)}</span>}
                    {attempt.response && <pre aria-label="Response body">{attempt.response}</pre>}
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
    </Section>
  );
}
