import { useState } from 'preact/hooks';
import { answer, api, type Token, type User } from '../../api';
import { ListTable } from '../../components/list-table';
import { FieldMessages, Loading, Notice, Section, useAction } from '../../components/ui';
import { useDashboard } from '../../session';

/** Users: create, delete, and issue a token for one (shown once). */
export function UsersSection({ users, error, onChanged }: { users: User[] | null; error: string | null; onChanged(): void }) {
  const { session } = useDashboard();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [issued, setIssued] = useState<{ user: User; token: Token } | null>(null);
  const action = useAction();
  const create = async (event: Event) => {
    event.preventDefault();
    const user = await action.run(() => answer(api.POST('/api/panel/users', { body: { name: name.trim(), email: email.trim(), is_admin: isAdmin } })), 'User created.');
    if (user) {
      setName('');
      setEmail('');
      setIsAdmin(false);
      onChanged();
    }
  };
  const remove = (user: User) => {
    if (!window.confirm(`Delete ${user.name}? Their tokens stop working.`)) return;
    void action.run(() => answer(api.DELETE('/api/panel/users/{id}', { params: { path: { id: user.id } } })), `${user.name} deleted.`).then(onChanged);
  };
  const issue = async (user: User) => {
    setIssued(null);
    const token = await action.run(() => answer(api.POST('/api/panel/users/{id}/tokens', { params: { path: { id: user.id } }, body: { name: 'dashboard' } })));
    if (token) setIssued({ user, token });
  };
  return (
    <Section title="Users">
      {error && <Notice kind="error">{error}</Notice>}
      {!users && !error && <Loading what="users" />}
      {users && (
        <ListTable columns={['Name', 'Email', 'Admin', 'Actions']}>
          {users.map((user) => (
            <tr key={user.id}>
              <td data-label="Name">{user.name}</td>
              <td data-label="Email">{user.email}</td>
              <td data-label="Admin">{user.is_admin ? 'yes' : 'no'}</td>
              <td data-label="Actions" class="actions">
                <button type="button" class="secondary" onClick={() => void issue(user)} aria-label={`New token for ${user.name}`}>
                  New token
                </button>
                {user.id !== session.user_id && (
                  <button type="button" class="danger" onClick={() => remove(user)} aria-label={`Delete ${user.name}`}>
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {issued?.token.token && (
        <div role="status" class="notice notice-ok">
          <p>Token for {issued.user.name}; copy it now, it is not shown again:</p>
          <code aria-label="New token">{issued.token.token}</code>
        </div>
      )}
      <form onSubmit={create} class="row">
        <div class="field">
          <label for="user-name">Name</label>
          <input id="user-name" required value={name} onInput={(event) => setName(event.currentTarget.value)} />
          <FieldMessages id="user-name-errors" errors={action.errors} keys={['name']} />
        </div>
        <div class="field">
          <label for="user-email">Email</label>
          <input id="user-email" type="email" required value={email} onInput={(event) => setEmail(event.currentTarget.value)} />
          <FieldMessages id="user-email-errors" errors={action.errors} keys={['email']} />
        </div>
        <label class="check">
          <input type="checkbox" checked={isAdmin} onChange={(event) => setIsAdmin(event.currentTarget.checked)} />
          Administrator
        </label>
        <button type="submit" disabled={action.busy}>
          Create user
        </button>
      </form>
      {action.outcome}
    </Section>
  );
}
