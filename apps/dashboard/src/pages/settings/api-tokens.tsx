import { useState } from 'preact/hooks';
import { answer, api, type Token, type TokenSummary } from '../../api';
import { ListTable } from '../../components/list-table';
import { FieldMessages, Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { useDashboard } from '../../session';
import { formatInZone } from '../../time';

/**
 * The signed-in user's API tokens (GET/POST /api/me/tokens, DELETE /api/me/tokens/{id}): the list
 * never holds a token's text; a new token is shown once, right after it is created.
 */
export function ApiTokens() {
  const { timeZone, session, signOut } = useDashboard();
  const currentTokenId = session.token_id;
  const tokens = useLoad(() => answer(api.GET('/api/me/tokens')), []);
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [issued, setIssued] = useState<Token | null>(null);
  const action = useAction();
  const create = async (event: Event) => {
    event.preventDefault();
    setIssued(null);
    const body = { name: name.trim(), ...(expiresOn ? { expires_at: new Date(`${expiresOn}T23:59:59`).toISOString() } : {}) };
    const token = await action.run(() => answer(api.POST('/api/me/tokens', { body })));
    if (token) {
      setIssued(token);
      setName('');
      setExpiresOn('');
      tokens.reload();
    }
  };
  const revoke = async (token: TokenSummary) => {
    const ownSession = token.id === currentTokenId;
    const warning = ownSession ? ' It is the token of this session: revoking it signs you out of the dashboard.' : ' Programs using it stop working.';
    if (!window.confirm(`Revoke the token ${token.name}?${warning}`)) return;
    setIssued(null);
    const revoked = await action.run(() => answer(api.DELETE('/api/me/tokens/{id}', { params: { path: { id: token.id } } })).then(() => true), `Token ${token.name} revoked.`);
    // The session's own token no longer signs anything in: back to the sign-in page.
    if (revoked && ownSession) signOut();
    else tokens.reload();
  };
  return (
    <Section title="API tokens">
      {tokens.error && <Notice kind="error">{tokens.error}</Notice>}
      {tokens.loading && !tokens.data && <Loading what="tokens" />}
      {tokens.data && tokens.data.data.length === 0 && <p class="muted">No tokens yet.</p>}
      {tokens.data && tokens.data.data.length > 0 && (
        <ListTable columns={['Name', 'Created', 'Expires', 'Last used', 'Actions']} caption="Your API tokens">
          {tokens.data.data.map((token) => (
            <tr key={token.id}>
              <td data-label="Name">
                {token.name}
                {token.id === currentTokenId && <span class="status status-scheduled this-session">this session</span>}
              </td>
              <td data-label="Created">{formatInZone(token.created_at ?? null, timeZone)}</td>
              <td data-label="Expires">{token.expires_at ? formatInZone(token.expires_at, timeZone) : 'never'}</td>
              <td data-label="Last used">{token.last_used_at ? formatInZone(token.last_used_at, timeZone) : 'never'}</td>
              <td data-label="Actions">
                <button
                  type="button"
                  class="danger"
                  onClick={() => void revoke(token)}
                  aria-label={token.id === currentTokenId ? `Revoke and sign out: ${token.name}` : `Revoke ${token.name}`}
                >
                  {token.id === currentTokenId ? 'Revoke and sign out' : 'Revoke'}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <form onSubmit={create} class="row">
        <div class="field">
          <label for="token-name">Token name</label>
          <input id="token-name" required maxLength={255} value={name} onInput={(event) => setName(event.currentTarget.value)} aria-describedby="token-name-errors" />
          <FieldMessages id="token-name-errors" errors={action.errors} keys={['name']} />
        </div>
        <div class="field">
          <label for="token-expires">Expires on</label>
          <input id="token-expires" type="date" value={expiresOn} onInput={(event) => setExpiresOn(event.currentTarget.value)} aria-describedby="token-expires-help token-expires-errors" />
          <span id="token-expires-help" class="muted">
            At the end of that day; empty: never.
          </span>
          <FieldMessages id="token-expires-errors" errors={action.errors} keys={['expires_at']} />
        </div>
        <button type="submit" disabled={action.busy}>
          Create token
        </button>
      </form>
      {action.outcome}
      {issued?.token && <IssuedToken token={issued} />}
    </Section>
  );
}

/** The new token's text, this once, with a button that copies it. */
function IssuedToken({ token }: { token: Token }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token!);
      setCopied(true);
    } catch {
      // No clipboard here (an insecure origin, or permission refused): the text stays selectable.
      setCopied(false);
    }
  };
  return (
    <div role="status" class="notice notice-ok">
      <p>
        Copy the new token <strong>{token.name}</strong> now: it is not shown again.
      </p>
      <code aria-label={`New token ${token.name}`}>{token.token}</code>{' '}
      <button type="button" class="secondary" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy token'}
      </button>
    </div>
  );
}
