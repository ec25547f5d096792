import { useEffect, useState } from 'preact/hooks';
import { answer, api, type Schemas, type User, type Workspace } from '../../api';
import { ListTable } from '../../components/list-table';
import { FieldMessages, Loading, Notice, Section, useAction, useLoad } from '../../components/ui';

type Role = Schemas['WorkspaceRole'];
type Member = Schemas['WorkspaceMember'];
const ROLES: Role[] = ['admin', 'member', 'viewer'];

/** The members of a chosen workspace: their role and approval right changed in place, removal (confirmed), and adding one. */
export function MembersSection({ workspaces, users, usersVersion }: { workspaces: Workspace[]; users: User[]; usersVersion: number }) {
  const [workspaceUuid, setWorkspaceUuid] = useState('');
  const chosen = workspaces.find((workspace) => workspace.uuid === workspaceUuid) ?? workspaces[0];
  const members = useLoad(
    () => (chosen ? answer(api.GET('/api/panel/workspaces/{uuid}/members', { params: { path: { uuid: chosen.uuid } } })) : Promise.resolve({ data: [] as Member[] })),
    [chosen?.uuid, usersVersion],
  );
  const manage = useAction();
  /** Changes sent and not yet read back, shown at once (by workspace and user); dropped when one fails or the members are read again. */
  const [sent, setSent] = useState<Record<string, Partial<Member>>>({});
  useEffect(() => setSent({}), [members.data]);
  const keyOf = (member: Member) => `${chosen?.uuid}:${member.user_id}`;
  const shown = (member: Member): Member => ({ ...member, ...sent[keyOf(member)] });
  const ofMember = (member: Member) => ({ params: { path: { uuid: chosen!.uuid, userId: member.user_id } } });

  const change = async (member: Member, changes: { role?: Role; can_approve?: boolean }) => {
    const key = keyOf(member);
    setSent((before) => ({ ...before, [key]: { ...before[key], ...changes } }));
    const changed = await manage.run(() => answer(api.PUT('/api/panel/workspaces/{uuid}/members/{userId}', { ...ofMember(member), body: changes })));
    if (changed) manage.setDone(`${changed.name} is now ${changed.role}${changed.can_approve ? ' and may approve posts' : ' and may not approve posts'}.`);
    else setSent(({ [key]: _dropped, ...rest }) => rest);
    members.reload();
  };
  const remove = async (member: Member) => {
    if (!chosen || !window.confirm(`Remove ${member.name} from ${chosen.name}? They lose the workspace at once.`)) return;
    await manage.run(() => answer(api.DELETE('/api/panel/workspaces/{uuid}/members/{userId}', ofMember(member))), `${member.name} removed from ${chosen.name}.`);
    members.reload();
  };

  return (
    <Section title="Members and roles">
      <div class="row">
        <div class="field">
          <label for="members-workspace">Members of workspace</label>
          <select id="members-workspace" value={chosen?.uuid ?? ''} onChange={(event) => setWorkspaceUuid(event.currentTarget.value)}>
            {workspaces.map((workspace) => (
              <option key={workspace.uuid} value={workspace.uuid}>
                {workspace.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!chosen && <p class="muted">No workspace yet: create one above.</p>}
      {members.error && <Notice kind="error">{members.error}</Notice>}
      {chosen && !members.data && !members.error && <Loading what="members" />}
      {chosen && members.data?.data.length === 0 && <p class="muted">No members yet.</p>}
      {chosen && members.data && members.data.data.length > 0 && (
        <ListTable columns={['Name', 'Email', 'Role', 'May approve', 'Actions']}>
          {members.data.data.map(shown).map((member) => (
            <tr key={member.user_id}>
              <td data-label="Name">{member.name}</td>
              <td data-label="Email">{member.email}</td>
              <td data-label="Role">
                <select aria-label={`Role of ${member.name}`} value={member.role} disabled={manage.busy} onChange={(event) => void change(member, { role: event.currentTarget.value as Role })}>
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              </td>
              <td data-label="May approve">
                <input
                  type="checkbox"
                  aria-label={`${member.name} may approve posts`}
                  checked={member.can_approve}
                  disabled={manage.busy}
                  onChange={(event) => void change(member, { can_approve: event.currentTarget.checked })}
                />
              </td>
              <td data-label="Actions" class="actions">
                <button type="button" class="danger" aria-label={`Remove ${member.name}`} disabled={manage.busy} onClick={() => void remove(member)}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {manage.outcome}
      {chosen && <AddMemberForm workspace={chosen} users={users} onAdded={members.reload} />}
    </Section>
  );
}

/** Adds a user to the workspace with a role (or changes the role of one who is a member). */
function AddMemberForm({ workspace, users, onAdded }: { workspace: Workspace; users: User[]; onAdded(): void }) {
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [canApprove, setCanApprove] = useState(false);
  const action = useAction();
  const chosenUser = userId || String(users[0]?.id ?? '');
  const add = async (event: Event) => {
    event.preventDefault();
    const added = await action.run(
      () => answer(api.POST('/api/panel/workspaces/{uuid}/members', { params: { path: { uuid: workspace.uuid } }, body: { user_id: Number(chosenUser), role, can_approve: canApprove } })),
      `Member added to ${workspace.name} (or their role changed).`,
    );
    if (added) onAdded();
  };
  return (
    <>
      <form onSubmit={(event) => void add(event)} class="row" aria-label={`Add a member to ${workspace.name}`}>
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
          <select id="member-role" value={role} onChange={(event) => setRole(event.currentTarget.value as Role)}>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <label class="check">
          <input type="checkbox" checked={canApprove} onChange={(event) => setCanApprove(event.currentTarget.checked)} />
          Can approve
        </label>
        <button type="submit" disabled={action.busy || !chosenUser}>
          Add member
        </button>
      </form>
      <FieldMessages id="member-errors" errors={action.errors} keys={['user_id', 'role', 'can_approve']} />
      {action.outcome}
    </>
  );
}
