import { useState } from 'preact/hooks';
import { type Account, answer, api, type paths, type Schemas } from '../../api';
import { FieldMessages, Section, useAction } from '../../components/ui';
import { useWorkspaceUuid } from '../../session';
import type { Platforms } from '../../platforms';
import { usePlatforms } from '../../platforms';
import { connectFieldsOf } from './connect-fields';

/** Whether the account connects through the platform's authorization page (LinkedIn, X). */
export const connectsThroughOAuth = (account: Account, platforms: Platforms): boolean => platforms.get(account.provider)?.connect.oauth === true;

/** Sends the user to the platform to approve the app again for this account; it comes back connected. */
export async function reconnectThroughOAuth(workspaceUuid: string, account: Account): Promise<void> {
  const { authorize_url } = await startOAuth(workspaceUuid, account.provider, { account_id: account.id });
  window.location.assign(authorize_url);
}

/** `POST /api/{workspaceUuid}/accounts/connect/{provider}`: where to send the user to approve the app. */
export const startOAuth = (workspaceUuid: string, provider: string, body: Schemas['StartOAuthDto'] = {}) =>
  answer(api.POST('/api/{workspaceUuid}/accounts/connect/{provider}', { params: { path: { workspaceUuid, provider: provider as OAuthProvider } }, body }));

/** The platforms that connect through their authorization page, as the API names them. */
type OAuthProvider = paths['/api/{workspaceUuid}/accounts/connect/{provider}']['post']['parameters']['path']['provider'];

/** New credentials for an account the platform stopped accepting; its settings, name and posts stay. */
export function ReconnectAccount({ account, onDone }: { account: Account; onDone(reconnected: boolean): void }) {
  const workspaceUuid = useWorkspaceUuid();
  const fields = connectFieldsOf(usePlatforms().get(account.provider)).filter((field) => field.group === 'credentials');
  const [values, setValues] = useState<Record<string, string>>({});
  const action = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    const credentials = Object.fromEntries(fields.map((field) => [field.key, (values[field.key] ?? '').trim()]).filter(([, value]) => value !== ''));
    const reconnected = await action.run(() =>
      answer(api.POST('/api/{workspaceUuid}/accounts/{id}/reconnect', { params: { path: { workspaceUuid, id: account.id } }, body: { credentials } })),
    );
    if (reconnected) onDone(true);
  };
  return (
    <Section title={`Reconnect ${account.name}`}>
      <form onSubmit={submit}>
        <p class="muted">The platform no longer accepts this account's credentials. Enter new ones: the account keeps its settings and posts.</p>
        <div class="row">
          {fields.map((field) => (
            <div class="field" key={field.key}>
              <label for={`reconnect-${field.key}`}>{field.label}</label>
              <input
                id={`reconnect-${field.key}`}
                type={(field.secret ? 'password' : 'text') as 'text'}
                autoComplete="off"
                required={field.required}
                value={values[field.key] ?? ''}
                onInput={(event) => setValues({ ...values, [field.key]: event.currentTarget.value })}
              />
              <FieldMessages id={`reconnect-${field.key}-errors`} errors={action.errors} keys={[`credentials.${field.key}`]} />
            </div>
          ))}
        </div>
        <FieldMessages id="reconnect-errors" errors={action.errors} keys={['credentials', 'settings']} />
        {action.outcome}
        <div class="buttons">
          <button type="submit" disabled={action.busy}>
            Save credentials
          </button>
          <button type="button" class="secondary" onClick={() => onDone(false)}>
            Cancel
          </button>
        </div>
      </form>
    </Section>
  );
}
