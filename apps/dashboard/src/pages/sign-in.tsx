import { useEffect, useState } from 'preact/hooks';
import { type Session, sessionRequest } from '../api';
import { messageOf, Notice } from '../components/ui';
import { APP_TITLE } from '../page-heading';

/** Sign-in with an API token: the gateway checks it and keeps it in an HttpOnly cookie. */
export function SignIn({ onSignedIn }: { onSignedIn(session: Session): void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = `Sign in · ${APP_TITLE}`;
  }, []);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await sessionRequest('POST', { token }));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <h1>Social publishing</h1>
      <form onSubmit={submit} class="card">
        <h2>Sign in</h2>
        <label for="token">API token</label>
        <input
          id="token"
          name="token"
          type="password"
          autoComplete="off"
          required
          value={token}
          onInput={(event) => setToken(event.currentTarget.value)}
          aria-describedby="token-help"
        />
        <div id="token-help" class="muted">
          <p>
            First sign-in, as the administrator: the service's <code>ADMIN_TOKEN</code>, or, when it started without one, the token its start-up banner printed once. A
            lost one is replaced with <code>npm run admin -- token</code>.
          </p>
          <p>Everyone else: a token from an administrator (Panel), or one you created under Settings.</p>
          <p>The token is kept in a secure cookie, never in this page's storage.</p>
        </div>
        {error && <Notice kind="error">{error}</Notice>}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
