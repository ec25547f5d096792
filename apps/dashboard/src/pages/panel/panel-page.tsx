import { useState } from 'preact/hooks';
import { answer, api } from '../../api';
import { useLoad } from '../../components/ui';
import { DeadLettersSection } from './dead-letters-section';
import { MembersSection } from './members-section';
import { PipelineSection } from './pipeline-section';
import { UsersSection } from './users-section';
import { WorkspacesSection } from './workspaces-section';

/** Administration: workspaces, their members and roles, users and their tokens, the pipeline, dead letters. */
export function PanelPage({ onWorkspacesChanged }: { onWorkspacesChanged(): void }) {
  const workspaces = useLoad(() => answer(api.GET('/api/panel/workspaces')), []);
  const users = useLoad(() => answer(api.GET('/api/panel/users')), []);
  /** Bumped when a user is deleted, so that the members listed are read again. */
  const [usersVersion, setUsersVersion] = useState(0);
  return (
    <>
      <h1 tabIndex={-1}>Panel</h1>
      <WorkspacesSection
        workspaces={workspaces.data?.data ?? null}
        error={workspaces.error}
        onChanged={() => {
          workspaces.reload();
          onWorkspacesChanged();
        }}
      />
      <MembersSection workspaces={workspaces.data?.data ?? []} users={users.data?.data ?? []} usersVersion={usersVersion} />
      <UsersSection
        users={users.data?.data ?? null}
        error={users.error}
        onChanged={() => {
          users.reload();
          setUsersVersion((version) => version + 1);
        }}
      />
      <PipelineSection />
      <DeadLettersSection />
    </>
  );
}
