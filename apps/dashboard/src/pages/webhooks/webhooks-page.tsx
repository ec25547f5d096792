import { useState } from 'preact/hooks';
import { answer, api, inWorkspace, type Webhook } from '../../api';
import { ListTable } from '../../components/list-table';
import { Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { linkTo, navigate } from '../../router';
import { useDashboard, useWorkspaceRole, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';
import { DeliveryLog } from './delivery-log';
import { describeEvents, WebhookForm } from './webhook-form';
import { WebhookTools } from './webhook-tools';

const rateOf = (webhook: Webhook): string => (webhook.success_rate_24h === null || webhook.success_rate_24h === undefined ? '—' : `${Math.round(webhook.success_rate_24h * 100)}%`);

/** Webhooks of the workspace, or one webhook: its settings, secret, test and delivery log. */
export function WebhooksPage({ webhookId }: { webhookId: string | null }) {
  return webhookId ? <WebhookDetail id={webhookId} /> : <WebhookList />;
}

function DisabledBanner({ webhook }: { webhook: Webhook }) {
  const { timeZone } = useDashboard();
  if (!webhook.disabled_at) return null;
  return (
    <Notice kind="warning">
      Webhook {webhook.url} was disabled on {formatInZone(webhook.disabled_at, timeZone)}
      {webhook.disabled_reason ? `: ${webhook.disabled_reason}` : ''}. Fix the endpoint, then set it Active again.
    </Notice>
  );
}

/** Said to members who are not admins of the workspace: the API refuses them every change. */
function ReadOnlyNote() {
  return <Notice kind="warning">Only admins of the workspace manage webhooks: you see them read-only.</Notice>;
}

function WebhookList() {
  const workspaceUuid = useWorkspaceUuid();
  const role = useWorkspaceRole();
  const manages = role === 'admin';
  const { timeZone } = useDashboard();
  const webhooks = useLoad(() => answer(api.GET('/api/{workspaceUuid}/webhooks', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const [adding, setAdding] = useState(false);
  const action = useAction();
  const remove = (webhook: Webhook) => {
    if (!window.confirm(`Delete the webhook to ${webhook.url}?`)) return;
    void action.run(() => answer(api.DELETE('/api/{workspaceUuid}/webhooks/{id}', { params: { path: { workspaceUuid, id: webhook.id } } })), 'Webhook deleted.').then(webhooks.reload);
  };
  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Webhooks</h1>
        {manages && (
          <button type="button" onClick={() => setAdding(true)} aria-expanded={adding}>
            Add webhook
          </button>
        )}
      </div>
      {role !== null && !manages && <ReadOnlyNote />}
      {webhooks.data?.data.map((webhook) => <DisabledBanner key={webhook.id} webhook={webhook} />)}
      {adding && <WebhookForm webhook={null} onSaved={(saved) => navigate(`/webhooks/${saved.id}`)} />}
      {action.outcome}
      <Section title="Registered webhooks">
        {webhooks.error && <Notice kind="error">{webhooks.error}</Notice>}
        {webhooks.loading && !webhooks.data && <Loading what="webhooks" />}
        {webhooks.data?.data.length === 0 && <p class="muted">No webhooks yet.</p>}
        {webhooks.data && webhooks.data.data.length > 0 && (
          <ListTable columns={['URL', 'Events', 'State', 'Last delivery', 'Success (24 h)', 'Actions']}>
            {webhooks.data.data.map((webhook) => (
              <tr key={webhook.id}>
                <td data-label="URL">
                  <a {...linkTo(`/webhooks/${webhook.id}`)}>{webhook.url}</a>
                </td>
                <td data-label="Events">{describeEvents(webhook.events)}</td>
                <td data-label="State">{webhook.active ? 'active' : 'inactive'}</td>
                <td data-label="Last delivery">
                  {formatInZone(webhook.last_delivery_at ?? null, timeZone)} {webhook.last_delivery_status && <span class={`status status-${webhook.last_delivery_status}`}>{webhook.last_delivery_status}</span>}
                </td>
                <td data-label="Success (24 h)">{rateOf(webhook)}</td>
                <td data-label="Actions" class="actions">
                  <a class="button secondary" {...linkTo(`/webhooks/${webhook.id}`)} aria-label={`Open webhook ${webhook.url}`}>
                    Open
                  </a>
                  {manages && (
                    <button type="button" class="danger" onClick={() => remove(webhook)} aria-label={`Delete webhook ${webhook.url}`}>
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </Section>
    </>
  );
}

function WebhookDetail({ id }: { id: string }) {
  const workspaceUuid = useWorkspaceUuid();
  const role = useWorkspaceRole();
  const manages = role === 'admin';
  const webhook = useLoad(() => answer(api.GET('/api/{workspaceUuid}/webhooks/{id}', { params: { path: { workspaceUuid, id: Number(id) } } })), [workspaceUuid, id]);
  return (
    <>
      <p>
        <a {...linkTo('/webhooks')}>All webhooks</a>
      </p>
      <h1 tabIndex={-1}>Webhook {webhook.data?.url ?? ''}</h1>
      {webhook.error && <Notice kind="error">{webhook.error}</Notice>}
      {webhook.loading && !webhook.data && <Loading what="the webhook" />}
      {webhook.data && (
        <>
          <DisabledBanner webhook={webhook.data} />
          {manages ? (
            <>
              {/* Kept across the reload after a save (its fields are what was saved), so "Webhook saved." stays to be read. */}
              <WebhookForm key={webhook.data.id} webhook={webhook.data} onSaved={webhook.reload} />
              <WebhookTools webhook={webhook.data} onChanged={webhook.reload} />
            </>
          ) : (
            role !== null && (
              <Section title="Settings">
                <ReadOnlyNote />
                <p>
                  Events: {describeEvents(webhook.data.events)}; {webhook.data.active ? 'active' : 'inactive'}.
                </p>
              </Section>
            )
          )}
          <DeliveryLog webhookId={webhook.data.id} manages={manages} />
        </>
      )}
    </>
  );
}
