import { useEffect, useState } from 'preact/hooks';
import { answer, api, type Session, sessionRequest, whenSignedOut } from './api';
import { Loading } from './components/ui';
import { Layout } from './layout';
import { SignIn } from './pages/sign-in';
import { Context, type DashboardContext, stored, type WorkspaceChoice } from './session';
import { browserTimeZone, isValidTimeZone } from './time';

/** The workspaces the user may open: every one for an admin (panel), otherwise their memberships (GET /api/me). */
async function workspacesOf(session: Session): Promise<WorkspaceChoice[]> {
  if (session.is_admin) return (await answer(api.GET('/api/panel/workspaces'))).data;
  try {
    return (await answer(api.GET('/api/me'))).workspaces;
  } catch {
    return [];
  }
}

export function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [workspaces, setWorkspaces] = useState<WorkspaceChoice[]>([]);
  const [workspaceUuid, setWorkspaceUuid] = useState<string | null>(stored.workspace());
  const [timeZone, setTimeZone] = useState(() => {
    const saved = stored.timeZone();
    return saved && isValidTimeZone(saved) ? saved : browserTimeZone();
  });

  useEffect(() => {
    whenSignedOut(() => setSession(null));
    sessionRequest('GET').then(setSession, () => setSession(null));
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
      void sessionRequest('DELETE').finally(() => setSession(null));
    },
  };
  return (
    <Context.Provider value={context}>
      <Layout onWorkspacesChanged={() => void refreshWorkspaces(session)} />
    </Context.Provider>
  );
}
