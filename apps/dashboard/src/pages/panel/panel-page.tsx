import { useState } from 'preact/hooks';
import { answer, api, type Schemas, type User, type Workspace } from '../../api';
import { FieldMessages, Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { useDashboard } from '../../session';
import { formatInZone } from '../../time';
import { DeadLettersSection } from './dead-letters-section';
import { PipelineSection } from './pipeline-section';
import { UsersSection } from './users-section';

/** Administration: workspaces, their members and roles, users and their tokens, the pipeline, dead letters. */
export function PanelPage({ onWorkspacesChanged }: { onWorkspacesChanged(): void }) {
  const workspaces = useLoad(() => answer(api.GET('/api/panel/workspaces')), []);
  const users = useLoad(() => answer(api.GET('/api/panel/users')), []);
  return (
    <>
      <h1 tabIndex={-1}>Panel</h1>
      <WorkspacesSection
        workspaces={workspaces.data?.data ?? null}
        error={workspaces.error}
        onCreated={() => {
          workspaces.reload();
          onWorkspacesChanged();
        }}
      />
      <MembersSection workspaces={workspaces.data?.data ?? []} users={users.data?.data ?? []} />
      <UsersSection users={users.data?.data ?? null} error={users.error} onChanged={users.reload} />
      <PipelineSection />
      <DeadLettersSection />
    </>
  );
}

function WorkspacesSection({ workspaces, error, onCreated }: { workspaces: Workspace[] | null; error: string | null; onCreated(): void }) {
  const { timeZone } = useDashboard();
  const [name, setName] = useState('');
  const action = useAction();
  const create = async (event: Event) => {
    event.preventDefault();
    const created = await action.run(() => answer(api.POST('/api/panel/workspaces', { body: { name: name.trim() } })), 'Workspace created.');
    if (created) {
      setName('');
      onCreated();
    }
  };
  return (
    <Section title="Workspaces">
      {error && <Notice kind="error">{error}</Notice>}
      {!workspaces && !error && <Loading what="workspaces" />}
      {workspaces && (
        <table class="list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">UUID</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {workspaces.map((workspace) => (
              <tr key={workspace.uuid}>
                <td data-label="Name">{workspace.name}</td>
                <td data-label="UUID">
                  <code>{workspace.uuid}</code>
                </td>
                <td data-label="Created">{formatInZone(workspace.created_at ?? null, timeZone)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={create} class="row">
        <div class="field">
          <label for="workspace-name">Workspace name</label>
          <input id="workspace-name" required value={name} onInput={(event) => setName(event.currentTarget.value)} />
          <FieldMessages id="workspace-name-errors" errors={action.errors} keys={['name']} />
        </div>
        <button type="submit" disabled={action.busy}>
          Create workspace
        </button>
      </form>
      {action.outcome}
    </Section>
  );
}

function MembersSection({ workspaces, users }: { workspaces: Workspace[]; users: User[] }) {
  const [workspaceUuid, setWorkspaceUuid] = useState('');
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<Schemas['WorkspaceRole']>('member');
  const [canApprove, setCanApprove] = useState(false);
  const action = useAction();
  const chosenWorkspace = workspaceUuid || workspaces[0]?.uuid || '';
  const chosenUser = userId || String(users[0]?.id ?? '');
  const add = (event: Event) => {
    event.preventDefault();
    void action.run(
      () =>
        answer(
          api.POST('/api/panel/workspaces/{uuid}/members', { params: { path: { uuid: chosenWorkspace } }, body: { user_id: Number(chosenUser), role, can_approve: canApprove } }),
        ),
      'Member added (or their role changed).',
    );
  };
  return (
    <Section title="Members and roles">
      <form onSubmit={add} class="row">
        <div class="field">
          <label for="member-workspace">Add to workspace</label>
          <select id="member-workspace" value={chosenWorkspace} onChange={(event) => setWorkspaceUuid(event.currentTarget.value)}>
            {workspaces.map((workspace) => (
              <option key={workspace.uuid} value={workspace.uuid}>
                {workspace.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="member-user">User</label>
          <select id="member-user" value={chosenUser} onChange={(event) => setUserId(event.currentTarget.value)}>
            {users.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name} ({user.email})
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="member-role">Role</label>
          <select id="member-role" value={role} onChange={(event) => setRole(event.currentTarget.value as Schemas['WorkspaceRole'])}>
            <option value="admin">admin</option>
            <option value="member">member</option>
            <option value="viewer">viewer</option>
          </select>
        </div>
        <label class="check">
          <input type="checkbox" checked={canApprove} onChange={(event) => setCanApprove(event.currentTarget.checked)} />
          Can approve
        </label>
        <button type="submit" disabled={action.busy || !chosenWorkspace || !chosenUser}>
          Add member
        </button>
      </form>
      <FieldMessages id="member-errors" errors={action.errors} keys={['user_id', 'role', 'can_approve']} />
      {action.outcome}
    </Section>
  );
}
