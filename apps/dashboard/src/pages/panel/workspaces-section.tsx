import { useState } from 'preact/hooks';
import { answer, api, type Workspace } from '../../api';
import { ListTable } from '../../components/list-table';
import { FieldMessages, Loading, Notice, Section, useAction } from '../../components/ui';
import { linkTo } from '../../router';
import { useDashboard } from '../../session';
import { formatInZone } from '../../time';

/** Workspaces: create (its creator becomes its admin, who may approve), rename in place, delete (after confirming; the API refuses while a post may still publish). */
export function WorkspacesSection({ workspaces, error, onChanged }: { workspaces: Workspace[] | null; error: string | null; onChanged(): void }) {
  const { timeZone } = useDashboard();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<Workspace | null>(null);
  const [renaming, setRenaming] = useState<{ uuid: string; name: string } | null>(null);
  const create = useAction();
  const manage = useAction();

  const submitCreate = async (event: Event) => {
    event.preventDefault();
    setCreated(null);
    const answered = await create.run(() => answer(api.POST('/api/panel/workspaces', { body: { name: name.trim() } })));
    if (answered) {
      const { role, can_approve } = answered.membership;
      create.setDone(`Workspace ${answered.name} created: you are its ${role}${can_approve ? ' and may approve its posts' : ''}.`);
      setCreated(answered);
      setName('');
      onChanged();
    }
  };
  const submitRename = async (event: Event) => {
    event.preventDefault();
    if (!renaming) return;
    const renamed = await manage.run(() => answer(api.PUT('/api/panel/workspaces/{uuid}', { params: { path: { uuid: renaming.uuid } }, body: { name: renaming.name.trim() } })));
    if (renamed) {
      manage.setDone(`Workspace renamed to ${renamed.name}.`);
      setRenaming(null);
      onChanged();
    }
  };
  const remove = async (workspace: Workspace) => {
    if (!window.confirm(`Delete the workspace ${workspace.name}? Its accounts are disconnected and no one can open it again.`)) return;
    const deleted = await manage.run(
      () => answer(api.DELETE('/api/panel/workspaces/{uuid}', { params: { path: { uuid: workspace.uuid } } })).then(() => true),
      `Workspace ${workspace.name} deleted.`,
    );
    if (!deleted) return;
    if (created?.uuid === workspace.uuid) setCreated(null);
    onChanged();
  };

  return (
    <Section title="Workspaces">
      {error && <Notice kind="error">{error}</Notice>}
      {!workspaces && !error && <Loading what="workspaces" />}
      {workspaces && (
        <ListTable columns={['Name', 'UUID', 'Created', 'Actions']}>
          {workspaces.map((workspace) => (
            <tr key={workspace.uuid}>
              <td data-label="Name">
                {renaming?.uuid === workspace.uuid ? (
                  <form onSubmit={(event) => void submitRename(event)} class="inline-form">
                    <label for="rename-workspace" class="visually-hidden">
                      New name for {workspace.name}
                    </label>
                    <input
                      id="rename-workspace"
                      required
                      maxLength={255}
                      value={renaming.name}
                      aria-describedby={manage.errors.name ? 'rename-workspace-errors' : undefined}
                      onInput={(event) => {
                        setRenaming({ uuid: workspace.uuid, name: event.currentTarget.value });
                        manage.clear();
                      }}
                    />
                    <button type="submit" disabled={manage.busy}>
                      Save name
                    </button>
                    <button type="button" class="secondary" onClick={() => setRenaming(null)}>
                      Cancel
                    </button>
                    <FieldMessages id="rename-workspace-errors" errors={manage.errors} keys={['name']} />
                  </form>
                ) : (
                  workspace.name
                )}
              </td>
              <td data-label="UUID">
                <code>{workspace.uuid}</code>
              </td>
              <td data-label="Created">{formatInZone(workspace.created_at ?? null, timeZone)}</td>
              <td data-label="Actions" class="actions">
                <button
                  type="button"
                  class="secondary"
                  aria-label={`Rename ${workspace.name}`}
                  onClick={() => {
                    manage.clear();
                    setRenaming({ uuid: workspace.uuid, name: workspace.name });
                  }}
                >
                  Rename
                </button>
                <button type="button" class="danger" aria-label={`Delete workspace ${workspace.name}`} disabled={manage.busy} onClick={() => void remove(workspace)}>
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {manage.outcome}
      <form onSubmit={(event) => void submitCreate(event)} class="row">
        <div class="field">
          <label for="workspace-name">Workspace name</label>
          <input
            id="workspace-name"
            required
            value={name}
            onInput={(event) => {
              setName(event.currentTarget.value);
              create.clear();
            }}
          />
          <FieldMessages id="workspace-name-errors" errors={create.errors} keys={['name']} />
        </div>
        <button type="submit" disabled={create.busy}>
          Create workspace
        </button>
      </form>
      {create.outcome}
      {created && <GetStartedIn workspace={created} />}
    </Section>
  );
}

/** After a workspace is created: opens it at the Posts page, whose Get started checklist leads on (an account, a first post). */
function GetStartedIn({ workspace }: { workspace: Workspace }) {
  const { setWorkspace } = useDashboard();
  const posts = linkTo('/posts');
  return (
    <p>
      <a
        href={posts.href}
        onClick={(event) => {
          setWorkspace(workspace.uuid);
          posts.onClick(event);
        }}
      >
        Open {workspace.name} and get started
      </a>
    </p>
  );
}
