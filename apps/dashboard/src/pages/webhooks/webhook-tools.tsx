import { useState } from 'preact/hooks';
import { answer, api, type Schemas, WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '../../api';
import { Notice, Section, useAction } from '../../components/ui';
import { plural } from '../../plural';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';
import { errorKinds } from './delivery-log';

/** The signing secret (revealed on demand, copied), its rotation with a grace period, and a test event. */
export function WebhookTools({ webhook, onChanged }: { webhook: Webhook; onChanged(): void }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const [revealed, setRevealed] = useState(false);
  const [graceHours, setGraceHours] = useState('24');
  const [testEvent, setTestEvent] = useState<WebhookEvent>(WEBHOOK_EVENTS[0]);
  const [testAnswer, setTestAnswer] = useState<Schemas['WebhookTestAttempt'] | null>(null);
  const secretAction = useAction();
  const testAction = useAction();
  const ofWebhook = { path: { workspaceUuid, id: webhook.id } };

  const copy = () => secretAction.run(() => navigator.clipboard.writeText(webhook.secret ?? ''), 'Secret copied.');
  const rotate = async () => {
    const grace_seconds = Math.round(Number(graceHours) * 3600);
    const rotated = await secretAction.run(
      () => answer(api.POST('/api/{workspaceUuid}/webhooks/{id}/rotate-secret', { params: ofWebhook, body: { grace_seconds } })),
      `Secret rotated; the old one keeps signing for ${plural(Number(graceHours), 'hour')}.`,
    );
    if (rotated) onChanged();
  };
  const sendTest = async () => {
    setTestAnswer(null);
    const attempt = await testAction.run(() => answer(api.POST('/api/{workspaceUuid}/webhooks/{id}/test', { params: ofWebhook, body: { event: testEvent } })));
    if (attempt) setTestAnswer(attempt);
  };

  return (
    <>
      <Section title="Signing secret">
        {webhook.secret === null ? (
          <p class="muted">Only workspace admins see the secret.</p>
        ) : (
          <>
            {webhook.previous_secret_expires_at && (
              <p class="muted">The previous secret signs too until {formatInZone(webhook.previous_secret_expires_at, timeZone)}.</p>
            )}
            <p>
              <code aria-label="Secret">{revealed ? webhook.secret : '••••••••••••••••'}</code>
            </p>
            <div class="buttons">
              <button type="button" class="secondary" onClick={() => setRevealed(!revealed)}>
                {revealed ? 'Hide secret' : 'Reveal secret'}
              </button>
              <button type="button" class="secondary" onClick={() => void copy()}>
                Copy secret
              </button>
            </div>
          </>
        )}
        <div class="row">
          <div class="field">
            <label for="grace-hours">Grace period (hours)</label>
            <input id="grace-hours" type="number" min="0" max="168" value={graceHours} onInput={(event) => setGraceHours(event.currentTarget.value)} aria-describedby="grace-help" />
            <small id="grace-help" class="muted">
              Until it ends, deliveries carry both signatures.
            </small>
          </div>
          <button type="button" disabled={secretAction.busy} onClick={() => void rotate()}>
            Rotate secret
          </button>
        </div>
        {secretAction.outcome}
      </Section>
      <Section title="Test">
        <div class="row">
          <div class="field">
            <label for="test-event">Test event</label>
            <select id="test-event" value={testEvent} onChange={(event) => setTestEvent(event.currentTarget.value as WebhookEvent)}>
              {WEBHOOK_EVENTS.map((name) => (
                <option key={name}>{name}</option>
              ))}
            </select>
          </div>
          <button type="button" disabled={testAction.busy} onClick={() => void sendTest()}>
            Send test event
          </button>
        </div>
        {testAction.error && <Notice kind="error">{testAction.error}</Notice>}
        {testAnswer && (
          <div role="status" class="test-answer">
            <p>
              {testAnswer.succeeded ? 'Test delivered' : 'Test failed'}: {testAnswer.status_code ? `the endpoint answered HTTP ${testAnswer.status_code}` : 'no answer'} in {testAnswer.duration_ms} ms
              {testAnswer.error_kind && ` (${errorKinds[testAnswer.error_kind] ?? testAnswer.error_kind}${testAnswer.error ? `: ${testAnswer.error}` : ''})`}
            </p>
            {testAnswer.response && <pre>{testAnswer.response}</pre>}
          </div>
        )}
      </Section>
    </>
  );
}
