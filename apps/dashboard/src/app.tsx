import { useEffect, useState } from 'preact/hooks';
import { del, get, type Session, whenSignedOut, type Workspace } from './api';
import { Loading } from './components/ui';
import { Layout } from './layout';
import { SignIn } from './pages/sign-in';
import { Context, type DashboardContext, stored } from './session';
import { browserTimeZone, isValidTimeZone } from './time';

interface Me {
  workspaces?: Workspace[];
}

/** The workspaces the user may open: every one for an admin (panel), otherwise their memberships (GET /api/me). */
async function workspacesOf(session: Session): Promise<Workspace[]> {
  if (session.is_admin) return (await get<{ data: Workspace[] }>('/panel/workspaces')).data;
  try {
    return (await get<Me>('/me')).workspaces ?? [];
  } catch {
    return [];
  }
}

export function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [workspaces, setWorkspaces] = useState<Workspace[]>([]);
  const [workspaceUuid, setWorkspaceUuid] = useState<string | null>(stored.workspace());
  const [timeZone, setTimeZone] = useState(() => {
    const saved = stored.timeZone();
    return saved && isValidTimeZone(saved) ? saved : browserTimeZone();
  });

  useEffect(() => {
    whenSignedOut(() => setSession(null));
    get<Session>('/session').then(setSession, () => setSession(null));
  }, []);

  const refreshWorkspaces = async (signedIn: Session) => {
    const list = await workspacesOf(signedIn);
    setWorkspaces(list);
    setWorkspaceUuid((chosen) => (chosen && list.some((workspace) => workspace.uuid === chosen) ? chosen : (list[0]?.uuid ?? chosen)));
  };

  useEffect(() => {
    if (session) void refreshWorkspaces(session);
  }, [session]);

  if (session === undefined) return <Loading what="the dashboard" />;
  if (session === null) return <SignIn onSignedIn={setSession} />;

  const context: DashboardContext = {
    session,
    workspaces,
    workspaceUuid,
    timeZone,
    setWorkspace: (uuid) => {
      stored.setWorkspace(uuid);
      setWorkspaceUuid(uuid);
    },
    setTimeZone: (name) => {
      stored.setTimeZone(name);
      setTimeZone(name);
    },
    signOut: () => {
      void del('/session').finally(() => setSession(null));
    },
  };
  return (
    <Context.Provider value={context}>
      <Layout onWorkspacesChanged={() => void refreshWorkspaces(session)} />
    </Context.Provider>
  );
}
