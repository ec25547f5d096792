import { useState } from 'preact/hooks';
import { answer, api, type Post, type PostMetricsEntry } from '../../api';
import { Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { FIGURES, formatFigure, readAgo } from '../../figures';
import { usePlatforms } from '../../platforms';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';

/** How often, and how many times, the figures are read again after a refresh was accepted. */
const REREAD_INTERVAL_MS = 1_500;
const REREAD_TIMES = 12;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When each account's figures were last read ('' before the first reading). */
const readingsOf = (entries: readonly PostMetricsEntry[]): Map<number, string> => new Map(entries.map((entry) => [entry.account_id, entry.collected_at ?? '']));

/** Whether every account whose platform reports figures has been read since `before`. */
const readSince = (entries: readonly PostMetricsEntry[], before: ReadonlyMap<number, string>): boolean =>
  entries.every((entry) => !entry.supported || (entry.collected_at ?? '') > (before.get(entry.account_id) ?? ''));

/**
 * A published post's figures on each of its accounts (`GET .../metrics`), with when they were
 * read, and `Refresh figures` (`POST .../metrics/refresh`), whose refusal says how long to wait.
 */
export function PostFigures({ post }: { post: Post }) {
  const workspaceUuid = useWorkspaceUuid();
  const path = { params: { path: { workspaceUuid, postUuid: post.uuid } } };
  const read = () => answer(api.GET('/api/{workspaceUuid}/posts/{postUuid}/metrics', path));
  const loaded = useLoad(read, [workspaceUuid, post.uuid]);
  const [fresh, setFresh] = useState<PostMetricsEntry[] | null>(null);
  const action = useAction();
  const entries = fresh ?? loaded.data?.data ?? null;

  const refresh = () =>
    action.run(async () => {
      const before = readingsOf(entries ?? []);
      const call = api.POST('/api/{workspaceUuid}/posts/{postUuid}/metrics/refresh', path);
      const { response } = await call;
      if (response.status === 429) throw new Error(waitMessage(response.headers.get('retry-after')));
      await answer(call);
      action.setDone('The figures are being read; they show here once read.');
      for (let round = 1; round <= REREAD_TIMES; round++) {
        await pause(REREAD_INTERVAL_MS);
        const next = (await read()).data;
        setFresh(next);
        if (readSince(next, before)) {
          action.setDone('Figures read.');
          return;
        }
      }
      action.setDone('Some figures are not read yet: they show here once read (reload the page later).');
    });

  return (
    <Section
      title="Figures"
      id="post-figures"
      actions={
        <button type="button" class="secondary" disabled={action.busy} onClick={() => void refresh()}>
          Refresh figures
        </button>
      }
    >
      {action.outcome}
      {loaded.error && <Notice kind="error">{loaded.error}</Notice>}
      {!entries && loaded.loading && <Loading what="the figures" />}
      {entries && (
        <ul class="plain account-figures">
          {entries.map((entry) => (
            <AccountFigures key={entry.account_id} entry={entry} name={post.accounts.find((account) => account.id === entry.account_id)?.name ?? `Account ${entry.account_id}`} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** What a refused refresh says: when to ask again, from its Retry-After. */
function waitMessage(retryAfter: string | null): string {
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? `The figures were asked for a moment ago: ask again in ${seconds} s.` : 'The figures were asked for a moment ago: ask again shortly.';
}

/** One account's figures: each figure (an em dash where the platform does not report it), or why there are none. */
function AccountFigures({ entry, name }: { entry: PostMetricsEntry; name: string }) {
  const { timeZone } = useDashboard();
  const platform = usePlatforms().get(entry.provider)?.label ?? entry.provider;
  const heading = `${name} (${platform})`;
  return (
    <li aria-label={`Figures on ${name}`}>
      <h3>{heading}</h3>
      {!entry.supported ? (
        <p class="muted">Figures are not reported by {platform}.</p>
      ) : entry.collected_at === null ? (
        <p class="muted">Not read yet.</p>
      ) : (
        <>
          <p class="muted">
            <time dateTime={entry.collected_at} title={`${formatInZone(entry.collected_at, timeZone)} (${timeZone})`}>
              {readAgo(entry.collected_at)}
            </time>
          </p>
          <dl class="figures">
            {FIGURES.map(({ name: figure, label }) => (
              <div key={figure}>
                <dt>{label}</dt>
                <dd>{formatFigure(entry.metrics[figure])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </li>
  );
}
