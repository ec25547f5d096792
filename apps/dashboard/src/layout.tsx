import { useEffect, useRef, useState } from 'preact/hooks';
import { lazyPage } from './components/lazy-page';
import { Notice } from './components/ui';
import { usePageHeading } from './page-heading';
import { linkTo, useLocation } from './router';
import { useDashboard } from './session';

// Each page is a chunk of its own, fetched when it is first shown.
const PostsPage = lazyPage(() => import('./pages/posts/posts-page').then((module) => module.PostsPage));
const ComposePage = lazyPage(() => import('./pages/posts/compose-page').then((module) => module.ComposePage));
const CalendarPage = lazyPage(() => import('./pages/calendar/calendar-page').then((module) => module.CalendarPage));
const AnalyticsPage = lazyPage(() => import('./pages/analytics/analytics-page').then((module) => module.AnalyticsPage));
const AccountsPage = lazyPage(() => import('./pages/accounts/accounts-page').then((module) => module.AccountsPage));
const ImportPage = lazyPage(() => import('./pages/import/import-page').then((module) => module.ImportPage));
const MediaPage = lazyPage(() => import('./pages/media/media-page').then((module) => module.MediaPage));
const FeedsPage = lazyPage(() => import('./pages/feeds/feeds-page').then((module) => module.FeedsPage));
const WebhooksPage = lazyPage(() => import('./pages/webhooks/webhooks-page').then((module) => module.WebhooksPage));
const SettingsPage = lazyPage(() => import('./pages/settings/settings-page').then((module) => module.SettingsPage));
const PanelPage = lazyPage(() => import('./pages/panel/panel-page').then((module) => module.PanelPage));
// The checklist shown before there is a workspace: a chunk of its own too, out of the sign-in page's script.
const WorkspaceFirstChecklist = lazyPage(() => import('./components/onboarding-checklist').then((module) => module.WorkspaceFirstChecklist));

/** The links of the main navigation, each with the page whose code it fetches when pointed at or focused. */
const NAVIGATION: { to: string; label: string; page: { preload(): void } }[] = [
  { to: '/posts', label: 'Posts', page: PostsPage },
  { to: '/calendar', label: 'Calendar', page: CalendarPage },
  { to: '/analytics', label: 'Analytics', page: AnalyticsPage },
  { to: '/import', label: 'Import', page: ImportPage },
  { to: '/accounts', label: 'Accounts', page: AccountsPage },
  { to: '/media', label: 'Media', page: MediaPage },
  { to: '/feeds', label: 'Feeds', page: FeedsPage },
  { to: '/webhooks', label: 'Webhooks', page: WebhooksPage },
  { to: '/settings', label: 'Settings', page: SettingsPage },
];

/** The signed-in frame: navigation, workspace switcher, sign-out, and the page of the address. */
export function Layout({ onWorkspacesChanged }: { onWorkspacesChanged(): void }) {
  const { session, workspaces, workspaceUuid, setWorkspace, signOut } = useDashboard();
  const { path } = useLocation();
  const main = useRef<HTMLElement>(null);
  usePageHeading(main, path);
  const links = session.is_admin ? [...NAVIGATION, { to: '/panel', label: 'Panel', page: PanelPage }] : NAVIGATION;
  const section = `/${path.split('/')[1] ?? ''}`;
  const menu = useMenu(path);
  return (
    <>
      <a
        class="skip"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
          main.current?.scrollIntoView();
        }}
      >
        Skip to content
      </a>
      <header class={`top${menu.open ? ' menu-open' : ''}`} onKeyDown={menu.onKeyDown}>
        <span class="brand">Social publishing</span>
        <nav aria-label="Main">
          <button type="button" class="menu-button secondary" ref={menu.button} aria-expanded={menu.open} aria-controls="main-links top-tools" onClick={menu.toggle}>
            Menu
          </button>
          <ul id="main-links">
            {links.map((link) => (
              <li key={link.to}>
                <a {...linkTo(link.to)} onPointerEnter={link.page.preload} onFocus={link.page.preload} aria-current={section === link.to || (section === '/' && link.to === '/posts') ? 'page' : undefined}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="top-tools" id="top-tools">
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
      <main id="main" ref={main} tabIndex={-1}>
        <Page path={path} onWorkspacesChanged={onWorkspacesChanged} />
      </main>
    </>
  );
}

/**
 * The navigation's menu at phone width (styles.css hides the links and tools there until it is
 * open; wider screens show them and no button): opened and closed by its button, closed by Escape
 * (the focus goes back to the button) and by following a link.
 */
function useMenu(path: string) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [path]);
  return {
    open,
    button,
    toggle: () => setOpen(!open),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      setOpen(false);
      button.current?.focus();
    },
  };
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
    case 'analytics':
      return <AnalyticsPage key={workspaceUuid} />;
    case 'accounts':
      return <AccountsPage key={workspaceUuid} />;
    case 'import':
      return <ImportPage key={workspaceUuid} />;
    case 'media':
      return <MediaPage key={workspaceUuid} />;
    case 'feeds':
      return <FeedsPage key={workspaceUuid} />;
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
            No workspace yet: create one on the <a {...linkTo('/panel')}>Panel</a>. You become its admin, who may approve its posts.
          </>
        ) : (
          'No workspace is listed for you. An administrator can add you to one, and tell you its UUID.'
        )}
      </Notice>
      {session.is_admin && <WorkspaceFirstChecklist />}
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
