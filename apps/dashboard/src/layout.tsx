import { useEffect, useRef, useState } from 'preact/hooks';
import { Notice } from './components/ui';
import { AccountsPage } from './pages/accounts/accounts-page';
import { CalendarPage } from './pages/calendar/calendar-page';
import { MediaPage } from './pages/media/media-page';
import { PanelPage } from './pages/panel/panel-page';
import { ComposePage } from './pages/posts/compose-page';
import { PostsPage } from './pages/posts/posts-page';
import { SettingsPage } from './pages/settings/settings-page';
import { WebhooksPage } from './pages/webhooks/webhooks-page';
import { linkTo, useLocation } from './router';
import { useDashboard } from './session';

const NAVIGATION = [
  { to: '/posts', label: 'Posts' },
  { to: '/calendar', label: 'Calendar' },
  { to: '/accounts', label: 'Accounts' },
  { to: '/media', label: 'Media' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/settings', label: 'Settings' },
];

/** The signed-in frame: navigation, workspace switcher, sign-out, and the page of the address. */
export function Layout({ onWorkspacesChanged }: { onWorkspacesChanged(): void }) {
  const { session, workspaces, workspaceUuid, setWorkspace, signOut } = useDashboard();
  const { path } = useLocation();
  const main = useRef<HTMLElement>(null);
  // A new page: its heading gets the focus, so a screen reader announces where the user is.
  useEffect(() => main.current?.querySelector<HTMLElement>('h1')?.focus(), [path]);
  const links = session.is_admin ? [...NAVIGATION, { to: '/panel', label: 'Panel' }] : NAVIGATION;
  const section = `/${path.split('/')[1] ?? ''}`;
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Social publishing</span>
        <nav aria-label="Main">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <a {...linkTo(link.to)} aria-current={section === link.to || (section === '/' && link.to === '/posts') ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="top-tools">
          <label for="workspace">Workspace</label>
          <select id="workspace" value={workspaceUuid ?? ''} onChange={(event) => setWorkspace(event.currentTarget.value)}>
            {!workspaceUuid && <option value="">No workspace</option>}
            {workspaceUuid && !workspaces.some((workspace) => workspace.uuid === workspaceUuid) && <option value={workspaceUuid}>{workspaceUuid}</option>}
            {workspaces.map((workspace) => (
              <option key={workspace.uuid} value={workspace.uuid}>
                {workspace.name}
              </option>
            ))}
          </select>
          <button type="button" class="secondary" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" ref={main}>
        <Page path={path} onWorkspacesChanged={onWorkspacesChanged} />
      </main>
    </>
  );
}

function Page({ path, onWorkspacesChanged }: { path: string; onWorkspacesChanged(): void }) {
  const { workspaceUuid, session } = useDashboard();
  const [, section, id] = path.split('/');
  if (section === 'settings') return <SettingsPage />;
  if (section === 'panel') return session.is_admin ? <PanelPage onWorkspacesChanged={onWorkspacesChanged} /> : <NotFound />;
  if (!workspaceUuid) return <NoWorkspace />;
  switch (section) {
    case '':
    case 'posts':
      return id ? <ComposePage key={`${workspaceUuid}/${id}`} postUuid={id === 'new' ? null : id} /> : <PostsPage key={workspaceUuid} />;
    case 'calendar':
      return <CalendarPage key={workspaceUuid} />;
    case 'accounts':
      return <AccountsPage key={workspaceUuid} />;
    case 'media':
      return <MediaPage key={workspaceUuid} />;
    case 'webhooks':
      return <WebhooksPage key={workspaceUuid} webhookId={id ?? null} />;
    default:
      return <NotFound />;
  }
}

function NoWorkspace() {
  const { session } = useDashboard();
  return (
    <>
      <h1 tabIndex={-1}>No workspace</h1>
      <Notice kind="warning">
        {session.is_admin ? (
          <>
            No workspace yet: create one and add yourself as a member on the <a {...linkTo('/panel')}>Panel</a>.
          </>
        ) : (
          'No workspace is listed for you. An administrator can add you to one, and tell you its UUID.'
        )}
      </Notice>
      <OpenWorkspace />
    </>
  );
}

/** Opens a workspace by its UUID, for a member whose workspaces the API does not list. */
function OpenWorkspace() {
  const { setWorkspace } = useDashboard();
  const [uuid, setUuid] = useState('');
  return (
    <form
      class="row"
      onSubmit={(event) => {
        event.preventDefault();
        if (uuid.trim()) setWorkspace(uuid.trim());
      }}
    >
      <div class="field">
        <label for="open-workspace">Workspace UUID</label>
        <input id="open-workspace" required value={uuid} onInput={(event) => setUuid(event.currentTarget.value)} />
      </div>
      <button type="submit">Open workspace</button>
    </form>
  );
}

function NotFound() {
  return (
    <>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        <a {...linkTo('/posts')}>Go to the posts</a>
      </p>
    </>
  );
}
