import { useState } from 'preact/hooks';
import { answer, api, inWorkspace, WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '../../api';
import { FieldMessages, Section, useAction } from '../../components/ui';
import { useWorkspaceUuid } from '../../session';

/** Create or edit a webhook: the fixed fields URL, Events (a checkbox per event), Active, and Save. */
export function WebhookForm({ webhook, onSaved }: { webhook: Webhook | null; onSaved(saved: Webhook): void }) {
  const workspaceUuid = useWorkspaceUuid();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? []);
  const [active, setActive] = useState(webhook?.active ?? true);
  const action = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    const body = { url: url.trim(), events, active };
    const saved = await action.run(
      () =>
        answer(
          webhook
            ? api.PUT('/api/{workspaceUuid}/webhooks/{id}', { params: { path: { workspaceUuid, id: webhook.id } }, body })
            : api.POST('/api/{workspaceUuid}/webhooks', { ...inWorkspace(workspaceUuid), body }),
        ),
      'Webhook saved.',
    );
    if (saved) onSaved(saved);
  };
  return (
    <Section title={webhook ? 'Settings' : 'New webhook'}>
      <form onSubmit={submit} aria-label={webhook ? 'Webhook settings' : 'New webhook'}>
        <label for="webhook-url">URL</label>
        <input id="webhook-url" type="url" required value={url} onInput={(event) => setUrl(event.currentTarget.value)} aria-describedby="webhook-url-errors" />
        <FieldMessages id="webhook-url-errors" errors={action.errors} keys={['url']} />
        <fieldset>
          <legend>Events</legend>
          <p class="muted" id="events-help">
            None checked: every event.
          </p>
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} class="check">
              <input
                type="checkbox"
                name="events"
                value={name}
                checked={events.includes(name)}
                onChange={(event) => setEvents(event.currentTarget.checked ? [...events, name] : events.filter((other) => other !== name))}
              />
              {name}
            </label>
          ))}
          <FieldMessages id="webhook-events-errors" errors={action.errors} keys={['events']} />
        </fieldset>
        <label class="check">
          <input type="checkbox" checked={active} onChange={(event) => setActive(event.currentTarget.checked)} />
          Active
        </label>
        {action.outcome}
        <button type="submit" disabled={action.busy}>
          Save
        </button>
      </form>
    </Section>
  );
}
