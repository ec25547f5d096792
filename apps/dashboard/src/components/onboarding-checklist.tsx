import { useEffect, useState } from 'preact/hooks';
import { answer, api, inWorkspace } from '../api';
import { linkTo } from '../router';
import { useWorkspaceUuid } from '../session';
import { useLoad } from './ui';

/** What the checklist reads from the API: how many accounts, webhooks, posts, posts on their way out (scheduled or publishing) and published posts the workspace has. */
interface Progress {
  accounts: number;
  webhooks: number;
  posts: number;
  onTheirWay: number;
  published: number;
}

async function progressOf(workspaceUuid: string): Promise<Progress> {
  const path = inWorkspace(workspaceUuid);
  const [accounts, webhooks, counts] = await Promise.all([
    answer(api.GET('/api/{workspaceUuid}/accounts', path)),
    // A member who may not read the webhooks still gets the other steps.
    answer(api.GET('/api/{workspaceUuid}/webhooks', path)).catch(() => ({ data: [] })),
    answer(api.GET('/api/{workspaceUuid}/posts/counts', path)),
  ]);
  const posts = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return { accounts: accounts.data.length, webhooks: webhooks.data.length, posts, onTheirWay: counts.scheduled + counts.publishing, published: counts.published };
}

/** One step: where it is done (null while an earlier step must come first), and whether it is. */
interface Step {
  label: string;
  to: string | null;
  done: boolean;
}

const WORKSPACE_STEP = 'Create a workspace';

/**
 * The steps in their order: a workspace (on the Panel), an account, a first post, seeing it
 * published, a webhook. Without a workspace only the first leads anywhere: every other page needs one.
 */
function stepsOf(progress: Progress | null): Step[] {
  const inWorkspace = progress !== null;
  const step = (label: string, to: string, done: boolean): Step => ({ label, to: inWorkspace ? to : null, done });
  return [
    { label: WORKSPACE_STEP, to: '/panel', done: inWorkspace },
    step('Connect an account', '/accounts', (progress?.accounts ?? 0) > 0),
    step('Create your first post', '/posts/new', (progress?.posts ?? 0) > 0),
    step('See it published', '/calendar', (progress?.published ?? 0) > 0),
    step('Add a webhook', '/webhooks', (progress?.webhooks ?? 0) > 0),
  ];
}

/** How often, and how many times, the checklist reads the API again while a post is on its way out and none is published yet. */
const PUBLISH_CHECK_MS = 2_000;
const PUBLISH_CHECKS = 30;

/*
 * Whether this browser showed the checklist for a workspace (it then stays until done) or was told
 * to hide it. Only that word is kept in the page's storage: never the token.
 */
const keyOf = (workspaceUuid: string) => `dashboard.onboarding.${workspaceUuid}`;
type Remembered = 'shown' | 'dismissed' | null;
const remembered = (workspaceUuid: string): Remembered => localStorage.getItem(keyOf(workspaceUuid)) as Remembered;
const remember = (workspaceUuid: string, value: Exclude<Remembered, null>) => localStorage.setItem(keyOf(workspaceUuid), value);

/**
 * The first steps in a workspace with no accounts or no posts yet, each ticked from the API's data.
 * Once shown it stays until every step is done or the user dismisses it. While a post is scheduled
 * or publishing and none is published yet, it reads the API again every few seconds (for a minute at
 * most), and tells `onPublished` when the first one is (the page then shows its new status).
 */
export function OnboardingChecklist({ onPublished }: { onPublished?(): void }) {
  const workspaceUuid = useWorkspaceUuid();
  const [state, setState] = useState<Remembered>(() => remembered(workspaceUuid));
  const progress = useLoad(() => progressOf(workspaceUuid), [workspaceUuid]);
  const data = progress.data;
  const steps = data ? stepsOf(data) : [];
  const left = steps.filter((step) => !step.done).length;
  const visible = data !== null && state !== 'dismissed' && left > 0 && (state === 'shown' || data.accounts === 0 || data.posts === 0);
  useEffect(() => {
    if (visible && state !== 'shown') remember(workspaceUuid, 'shown');
  }, [visible]);
  const [checks, setChecks] = useState(0);
  const waitingForPublished = visible && data.onTheirWay > 0 && data.published === 0 && checks < PUBLISH_CHECKS;
  useEffect(() => {
    if (!waitingForPublished || progress.loading) return;
    const timer = setTimeout(() => {
      setChecks((count) => count + 1);
      progress.reload();
    }, PUBLISH_CHECK_MS);
    return () => clearTimeout(timer);
  }, [waitingForPublished, progress.loading]);
  const published = data?.published ?? 0;
  useEffect(() => {
    if (checks > 0 && published > 0) onPublished?.();
  }, [published > 0]);
  if (!visible) return null;
  return (
    <StepsCard
      steps={steps}
      onDismiss={() => {
        remember(workspaceUuid, 'dismissed');
        setState('dismissed');
      }}
    />
  );
}

/** The checklist before there is a workspace, for an admin: its first step leads to the Panel, where one is created. */
export function WorkspaceFirstChecklist() {
  return <StepsCard steps={stepsOf(null)} />;
}

function StepsCard({ steps, onDismiss }: { steps: Step[]; onDismiss?(): void }) {
  const left = steps.filter((step) => !step.done).length;
  return (
    <section class="card onboarding" aria-labelledby="onboarding-title">
      <div class="card-head">
        <h2 id="onboarding-title">Get started</h2>
        {onDismiss && (
          <button type="button" class="secondary" aria-label="Dismiss the getting started checklist" onClick={onDismiss}>
            Dismiss
          </button>
        )}
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
            {step.done || step.to === null ? step.label : <a {...linkTo(step.to)}>{step.label}</a>}
            <span class="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
