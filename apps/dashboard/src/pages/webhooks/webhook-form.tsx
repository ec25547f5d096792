import { useState } from 'preact/hooks';
import { ALL_WEBHOOK_EVENTS, answer, api, DEFAULT_WEBHOOK_EVENTS, inWorkspace, WEBHOOK_EVENT_CATALOGUE, type Webhook, type WebhookEventChoice } from '../../api';
import { FieldMessages, Section, useAction } from '../../components/ui';
import { useWorkspaceUuid } from '../../session';

/** Create or edit a webhook: the fixed fields URL, Events (All, then a checkbox per event of the catalogue, saying when it fires), Active, and Save. */
export function WebhookForm({ webhook, onSaved }: { webhook: Webhook | null; onSaved(saved: Webhook): void }) {
  const workspaceUuid = useWorkspaceUuid();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<WebhookEventChoice[]>(webhook?.events ?? []);
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
            None checked: the four events of the specification ({DEFAULT_WEBHOOK_EVENTS.join(', ')}).
          </p>
          <EventCheckbox name={ALL_WEBHOOK_EVENTS} label="All events" when="every event, those added later included" events={events} setEvents={setEvents} />
          {WEBHOOK_EVENT_CATALOGUE.map(({ name, when }) => (
            <EventCheckbox key={name} name={name} label={name} when={when} events={events} setEvents={setEvents} disabled={events.includes(ALL_WEBHOOK_EVENTS)} />
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

type EventCheckboxProps = { name: WebhookEventChoice; label: string; when: string; events: WebhookEventChoice[]; setEvents(events: WebhookEventChoice[]): void; disabled?: boolean };

/** One choice of the Events field, with when its event fires. */
function EventCheckbox({ name, label, when, events, setEvents, disabled = false }: EventCheckboxProps) {
  return (
    <label class="check">
      <input
        type="checkbox"
        name="events"
        value={name}
        disabled={disabled}
        checked={events.includes(name) || (disabled && events.includes(ALL_WEBHOOK_EVENTS))}
        onChange={(event) => setEvents(event.currentTarget.checked ? [...events, name] : events.filter((other) => other !== name))}
      />
      {label} <span class="muted">({when})</span>
    </label>
  );
}

/** A webhook's events in a few words: "every event" for `"*"`, the specification's four for none, else their names. */
export const describeEvents = (events: readonly WebhookEventChoice[]): string =>
  events.includes(ALL_WEBHOOK_EVENTS) ? 'every event' : (events.length === 0 ? DEFAULT_WEBHOOK_EVENTS : events).join(', ');
