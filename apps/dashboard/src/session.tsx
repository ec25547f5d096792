import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { get, type Session, type Workspace } from './api';

/** Who is signed in, in which workspace, and the time zone dates are shown and entered in. */
export interface DashboardContext {
  session: Session;
  workspaces: Workspace[];
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

/** The workspace path prefix; pages that need one render only when it is chosen. */
export function useWorkspacePath(): string {
  const { workspaceUuid } = useDashboard();
  return `/${encodeURIComponent(workspaceUuid ?? '')}`;
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

/** The signed-in user's role in the chosen workspace (`GET /{ws}/membership`); null until known. */
export function useWorkspaceRole(): 'admin' | 'member' | 'viewer' | null {
  const workspacePath = useWorkspacePath();
  const [role, setRole] = useState<{ path: string; role: 'admin' | 'member' | 'viewer' } | null>(null);
  useEffect(() => {
    let current = true;
    get<{ role: 'admin' | 'member' | 'viewer' }>(`${workspacePath}/membership`).then(
      (membership) => current && setRole({ path: workspacePath, role: membership.role }),
      () => current && setRole(null),
    );
    return () => {
      current = false;
    };
  }, [workspacePath]);
  return role?.path === workspacePath ? role.role : null;
}
