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

/** The latest reading among the entries, to tell when a refresh has landed. */
const latestReading = (entries: readonly PostMetricsEntry[]): string => entries.reduce((latest, entry) => ((entry.collected_at ?? '') > latest ? (entry.collected_at ?? '') : latest), '');

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
      const before = latestReading(entries ?? []);
      const call = api.POST('/api/{workspaceUuid}/posts/{postUuid}/metrics/refresh', path);
      const { response } = await call;
      if (response.status === 429) throw new Error(waitMessage(response.headers.get('retry-after')));
      await answer(call);
      action.setDone('The figures are being read; they show here once read.');
      for (let round = 0; round < REREAD_TIMES; round++) {
        await pause(REREAD_INTERVAL_MS);
        const next = (await read()).data;
        if (latestReading(next) > before) {
          setFresh(next);
          action.setDone('Figures read.');
          return;
        }
      }
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
