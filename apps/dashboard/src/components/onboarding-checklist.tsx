import { useEffect, useState } from 'preact/hooks';
import { answer, api, inWorkspace } from '../api';
import { linkTo } from '../router';
import { useWorkspaceUuid } from '../session';
import { useLoad } from './ui';

/** What the checklist reads from the API: how many accounts, webhooks, posts and published posts the workspace has. */
interface Progress {
  accounts: number;
  webhooks: number;
  posts: number;
  published: number;
}

async function progressOf(workspaceUuid: string): Promise<Progress> {
  const path = inWorkspace(workspaceUuid);
  const posts = (status?: 'published') => answer(api.GET('/api/{workspaceUuid}/posts', { params: { ...path.params, query: { status, page: 1, limit: 1 } } }));
  const [accounts, webhooks, all, published] = await Promise.all([
    answer(api.GET('/api/{workspaceUuid}/accounts', path)),
    // A member who may not read the webhooks still gets the other steps.
    answer(api.GET('/api/{workspaceUuid}/webhooks', path)).catch(() => ({ data: [] })),
    posts(),
    posts('published'),
  ]);
  return { accounts: accounts.data.length, webhooks: webhooks.data.length, posts: all.meta.total, published: published.meta.total };
}

/*
 * Whether this browser showed the checklist for a workspace (it then stays until done) or was told
 * to hide it. Only that word is kept in the page's storage: never the token.
 */
const keyOf = (workspaceUuid: string) => `dashboard.onboarding.${workspaceUuid}`;
type Remembered = 'shown' | 'dismissed' | null;
const remembered = (workspaceUuid: string): Remembered => localStorage.getItem(keyOf(workspaceUuid)) as Remembered;
const remember = (workspaceUuid: string, value: Exclude<Remembered, null>) => localStorage.setItem(keyOf(workspaceUuid), value);

/**
 * The first steps in a workspace with no accounts or no posts yet, each ticked from the API's data:
 * connect an account, add a webhook, create a post, see it published. Once shown it stays until every
 * step is done or the user dismisses it.
 */
export function OnboardingChecklist() {
  const workspaceUuid = useWorkspaceUuid();
  const [state, setState] = useState<Remembered>(() => remembered(workspaceUuid));
  const progress = useLoad(() => progressOf(workspaceUuid), [workspaceUuid]);
  const data = progress.data;
  const steps = data
    ? [
        { label: 'Connect an account', to: '/accounts', done: data.accounts > 0 },
        { label: 'Add a webhook', to: '/webhooks', done: data.webhooks > 0 },
        { label: 'Create your first post', to: '/posts/new', done: data.posts > 0 },
        { label: 'See it published', to: '/calendar', done: data.published > 0 },
      ]
    : [];
  const left = steps.filter((step) => !step.done).length;
  const visible = data !== null && state !== 'dismissed' && left > 0 && (state === 'shown' || data.accounts === 0 || data.posts === 0);
  useEffect(() => {
    if (visible && state !== 'shown') remember(workspaceUuid, 'shown');
  }, [visible]);
  if (!visible) return null;
  return (
    <section class="card onboarding" aria-labelledby="onboarding-title">
      <div class="card-head">
        <h2 id="onboarding-title">Get started</h2>
        <button
          type="button"
          class="secondary"
          aria-label="Dismiss the getting started checklist"
          onClick={() => {
            remember(workspaceUuid, 'dismissed');
            setState('dismissed');
          }}
        >
          Dismiss
        </button>
      </div>
      <p class="muted">
        {steps.length - left} of {steps.length} steps done.
      </p>
      <ol class="checklist">
        {steps.map((step) => (
          <li key={step.label} class={step.done ? 'done' : ''}>
            <span class="tick" aria-hidden="true">
              {step.done ? '✓' : '○'}
            </span>{' '}
            {step.done ? step.label : <a {...linkTo(step.to)}>{step.label}</a>}
            <span class="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
