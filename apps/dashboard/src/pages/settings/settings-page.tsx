import { useState } from 'preact/hooks';
import { del, get, post, type Token } from '../../api';
import { FieldMessages, Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { useDashboard } from '../../session';
import { formatInZone, timeZones } from '../../time';

/** The signed-in user's API tokens, and the time zone the dashboard shows and takes times in. */
export function SettingsPage() {
  const { timeZone, setTimeZone } = useDashboard();
  const zones = timeZones();
  return (
    <>
      <h1 tabIndex={-1}>Settings</h1>
      <Section title="Time zone">
        <label for="time-zone">Time zone</label>
        <select id="time-zone" value={timeZone} onChange={(event) => setTimeZone(event.currentTarget.value)} aria-describedby="time-zone-help">
          {(zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((zone) => (
            <option key={zone}>{zone}</option>
          ))}
        </select>
        <p id="time-zone-help" class="muted">
          Posts, the calendar and the delivery log show times in this zone; new posts are scheduled in it. Kept in this browser.
        </p>
      </Section>
      <ApiTokens />
    </>
  );
}

function ApiTokens() {
  const { timeZone } = useDashboard();
  const tokens = useLoad(() => get<{ data: Token[] }>('/me/tokens'), []);
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [issued, setIssued] = useState<Token | null>(null);
  const action = useAction();
  const create = async (event: Event) => {
    event.preventDefault();
    setIssued(null);
    const body = { name: name.trim(), ...(expiresOn ? { expires_at: new Date(`${expiresOn}T23:59:59`).toISOString() } : {}) };
    const token = await action.run(() => post<Token>('/me/tokens', body));
    if (token) {
      setIssued(token);
      setName('');
      setExpiresOn('');
      tokens.reload();
    }
  };
  const revoke = (token: Token) => {
    if (!window.confirm(`Revoke the token ${token.name}? Programs using it stop working.`)) return;
    void action.run(() => del(`/me/tokens/${token.id}`), `Token ${token.name} revoked.`).then(tokens.reload);
  };
  return (
    <Section title="API tokens">
      {tokens.error && <Notice kind="error">{tokens.error}</Notice>}
      {tokens.loading && !tokens.data && <Loading what="tokens" />}
      {tokens.data && (
        <table class="list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.data.map((token) => (
              <tr key={token.id}>
                <td data-label="Name">{token.name}</td>
                <td data-label="Created">{formatInZone(token.created_at ?? null, timeZone)}</td>
                <td data-label="Expires">{token.expires_at ? formatInZone(token.expires_at, timeZone) : 'never'}</td>
                <td data-label="Actions">
                  <button type="button" class="danger" onClick={() => revoke(token)} aria-label={`Revoke ${token.name}`}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={create} class="row">
        <div class="field">
          <label for="token-name">Token name</label>
          <input id="token-name" required value={name} onInput={(event) => setName(event.currentTarget.value)} />
          <FieldMessages id="token-name-errors" errors={action.errors} keys={['name']} />
        </div>
        <div class="field">
          <label for="token-expires">Expires on</label>
          <input id="token-expires" type="date" value={expiresOn} onInput={(event) => setExpiresOn(event.currentTarget.value)} />
          <FieldMessages id="token-expires-errors" errors={action.errors} keys={['expires_at']} />
        </div>
        <button type="submit" disabled={action.busy}>
          Create token
        </button>
      </form>
      {action.outcome}
      {issued?.token && (
        <div role="status" class="notice notice-ok">
          <p>Copy the new token now: it is not shown again.</p>
          <code aria-label="New token">{issued.token}</code>
        </div>
      )}
    </Section>
  );
}
