import { useState } from 'preact/hooks';
import { type Account, answer, api, inWorkspace } from '../../api';
import { ListTable } from '../../components/list-table';
import { AccountPicture, ProviderIcon } from '../../components/provider-icon';
import { FieldMessages, Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';
import { oauthErrorMessage } from './oauth-error-messages';
import { usePlatforms } from '../../platforms';
import { accountConnection } from './account-connection';
import { connectBody, connectFieldsOf } from './connect-fields';
import { connectsThroughOAuth, ReconnectAccount, reconnectThroughOAuth, startOAuth } from './reconnect-account';

export function AccountsPage() {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const accounts = useLoad(() => answer(api.GET('/api/{workspaceUuid}/accounts', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const action = useAction();
  const [landing] = useState(oauthLanding);
  const [reconnecting, setReconnecting] = useState<Account | null>(null);
  const platforms = usePlatforms();
  const reconnect = (account: Account) => {
    if (connectsThroughOAuth(account, platforms)) void action.run(() => reconnectThroughOAuth(workspaceUuid, account));
    else setReconnecting(account);
  };
  const remove = (account: Account) => {
    if (!window.confirm(`Remove ${account.name}?`)) return;
    void action.run(() => answer(api.DELETE('/api/{workspaceUuid}/accounts/{id}', { params: { path: { workspaceUuid, id: account.id } } })), `${account.name} removed.`).then(accounts.reload);
  };
  return (
    <>
      <h1 tabIndex={-1}>Accounts</h1>
      {landing?.error && <Notice kind="error">{`The account was not connected: ${landing.error}`}</Notice>}
      {landing?.connected && <Notice kind="ok">Account connected.</Notice>}
      {action.outcome}
      <Section title="Connected accounts">
        {accounts.error && <Notice kind="error">{accounts.error}</Notice>}
        {accounts.loading && !accounts.data && <Loading what="accounts" />}
        {accounts.data?.data.length === 0 && <p class="muted">No accounts yet.</p>}
        {accounts.data && accounts.data.data.length > 0 && (
          <ListTable columns={['Name', 'Provider', 'Connection', 'Connected on', 'Actions']}>
            {accounts.data.data.map((account) => {
              const connection = accountConnection(account, timeZone);
              return (
                <tr key={account.id}>
                  <td data-label="Name" class="account-name">
                    <AccountPicture account={account} /> {account.name}
                    {account.username && <span class="muted"> @{account.username}</span>}
                  </td>
                  <td data-label="Provider">
                    <ProviderIcon provider={account.provider} /> {account.provider}
                  </td>
                  <td data-label="Connection">
                    <span class={`status ${account.authorized ? 'status-published' : 'status-failed'}`}>{connection.label}</span>
                    {connection.expiry && <div class="muted">{connection.expiry}</div>}
                  </td>
                  <td data-label="Connected on">{formatInZone(account.created_at, timeZone)}</td>
                  <td data-label="Actions" class="actions">
                    {connection.reconnect && (
                      <button type="button" onClick={() => reconnect(account)} aria-label={`Reconnect ${account.name}`}>
                        Reconnect
                      </button>
                    )}
                    <button type="button" class="danger" onClick={() => remove(account)} aria-label={`Remove ${account.name}`}>
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </ListTable>
        )}
      </Section>
      {reconnecting && (
        <ReconnectAccount
          key={reconnecting.id}
          account={reconnecting}
          onDone={(reconnected) => {
            setReconnecting(null);
            if (reconnected) action.setDone(`${reconnecting.name} connected again.`);
            accounts.reload();
          }}
        />
      )}
      <ConnectAccount onConnected={accounts.reload} />
    </>
  );
}

/**
 * What an OAuth platform's redirect back said (`?connected=` or `?oauth_error=<code>`), read once;
 * the address is then cleaned so a reload does not say it again. An error is one of the page's own
 * messages, chosen by its code: no text of the address is shown.
 */
function oauthLanding(): { connected: boolean; error: string | null } | null {
  const query = new URLSearchParams(window.location.search);
  if (!query.has('connected') && !query.has('oauth_error')) return null;
  window.history.replaceState(null, '', window.location.pathname);
  const code = query.get('oauth_error');
  return { connected: query.has('connected'), error: code === null ? null : oauthErrorMessage(code) };
}

function ConnectAccount({ onConnected }: { onConnected(): void }) {
  const workspaceUuid = useWorkspaceUuid();
  const [provider, setProvider] = useState('sandbox');
  const [name, setName] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const action = useAction();
  const platforms = usePlatforms();
  const platform = platforms.get(provider);
  const oauth = platform?.connect.oauth === true;
  const fields = connectFieldsOf(platform);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (oauth) {
      const started = await action.run(() => startOAuth(workspaceUuid, provider));
      if (started) window.location.assign(started.authorize_url);
      return;
    }
    const connected = await action.run(() => answer(api.POST('/api/{workspaceUuid}/accounts', { ...inWorkspace(workspaceUuid), body: connectBody(provider, fields, name, values) })));
    if (connected) {
      action.setDone(`${connected.name} connected.`);
      setName('');
      setValues({});
      onConnected();
    }
  };

  return (
    <Section title="Connect an account">
      <form onSubmit={submit}>
        <div class="row">
          <div class="field">
            <label for="connect-provider">Provider</label>
            <select id="connect-provider" value={provider} onChange={(event) => setProvider(event.currentTarget.value)}>
              {[...platforms.values()].map((candidate) => (
                <option key={candidate.provider} value={candidate.provider}>
                  {candidate.label}
                </option>
              ))}
            </select>
          </div>
          {!oauth && (
            <div class="field">
              <label for="connect-name">Name</label>
              <input id="connect-name" value={name} onInput={(event) => setName(event.currentTarget.value)} aria-describedby="connect-name-help" />
              <small id="connect-name-help" class="muted">
                Optional: the provider's name for the account otherwise.
              </small>
            </div>
          )}
          {fields.map((field) => (
            <div class="field" key={`${provider}-${field.key}`}>
              <label for={`connect-${field.key}`}>{field.label}</label>
              <input
                id={`connect-${field.key}`}
                type={(field.secret ? 'password' : 'text') as 'text'}
                autoComplete="off"
                required={field.required}
                placeholder={field.placeholder}
                value={values[field.key] ?? ''}
                onInput={(event) => setValues({ ...values, [field.key]: event.currentTarget.value })}
              />
              <FieldMessages id={`connect-${field.key}-errors`} errors={action.errors} keys={[`${field.group}.${field.key}`]} />
            </div>
          ))}
        </div>
        <FieldMessages id="connect-errors" errors={action.errors} keys={['credentials', 'settings', 'provider', 'name']} />
        {action.outcome}
        <button type="submit" disabled={action.busy || !platform}>
          {oauth ? `Connect with ${platform?.label}` : 'Connect'}
        </button>
      </form>
    </Section>
  );
}
