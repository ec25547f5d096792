import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { answer, api, inWorkspace, type Schemas, type Session, type Workspace } from './api';

/** A workspace the user may open (an admin's from the panel, a member's from `GET /api/me`). */
export type WorkspaceChoice = Pick<Workspace, 'uuid' | 'name'>;

/** Who is signed in, in which workspace, and the time zone dates are shown and entered in. */
export interface DashboardContext {
  session: Session;
  workspaces: WorkspaceChoice[];
  workspaceUuid: string | null;
  timeZone: string;
  setWorkspace(uuid: string): void;
  setTimeZone(name: string): void;
  signOut(): void;
}

export const Context = createContext<DashboardContext | null>(null);

export function useDashboard(): DashboardContext {
  const context = useContext(Context);
  if (!context) throw new Error('useDashboard outside the signed-in dashboard');
  return context;
}

/** The chosen workspace's uuid; pages that need one render only when it is chosen. */
export function useWorkspaceUuid(): string {
  return useDashboard().workspaceUuid ?? '';
}

/* Preferences of this browser: which workspace, which time zone. Never the token. */
const WORKSPACE_KEY = 'dashboard.workspace';
const TIME_ZONE_KEY = 'dashboard.timeZone';

export const stored = {
  workspace: () => localStorage.getItem(WORKSPACE_KEY),
  setWorkspace: (uuid: string) => localStorage.setItem(WORKSPACE_KEY, uuid),
  timeZone: () => localStorage.getItem(TIME_ZONE_KEY),
  setTimeZone: (name: string) => localStorage.setItem(TIME_ZONE_KEY, name),
};

type Role = Schemas['OwnMembershipDoc']['role'];
type OwnMembership = Pick<Schemas['OwnMembershipDoc'], 'role' | 'can_approve'>;

/** The signed-in user's rights in the chosen workspace (`GET /{ws}/membership`); null until known. */
export function useWorkspaceMembership(): OwnMembership | null {
  const workspaceUuid = useWorkspaceUuid();
  const [membership, setMembership] = useState<{ workspaceUuid: string; rights: OwnMembership } | null>(null);
  useEffect(() => {
    let current = true;
    answer(api.GET('/api/{workspaceUuid}/membership', inWorkspace(workspaceUuid))).then(
      (own) => current && setMembership({ workspaceUuid, rights: { role: own.role, can_approve: own.can_approve } }),
      () => current && setMembership(null),
    );
    return () => {
      current = false;
    };
  }, [workspaceUuid]);
  return membership?.workspaceUuid === workspaceUuid ? membership.rights : null;
}

/** The signed-in user's role in the chosen workspace; null until known. */
export function useWorkspaceRole(): Role | null {
  return useWorkspaceMembership()?.role ?? null;
}
