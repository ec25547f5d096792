import { useState } from 'preact/hooks';
import { answer, ApiFailure, api, inWorkspace, type PostMetrics } from '../../api';
import { AccountSelect } from '../../components/account-select';
import { accountNames, BestTimesList, loadBestTimes } from '../../components/best-times';
import { Loading, Notice, Section, useLoad } from '../../components/ui';
import { ENGAGEMENT_EXPLAINED, ENGAGEMENT_LABEL, FIGURES, formatFigure } from '../../figures';
import { linkTo } from '../../router';
import { useWorkspaceUuid } from '../../session';
import { daysOf, defaultRange, type Measure, type Range, seriesOf, totalsOf, utcToday } from './analytics-data';
import { BestPosts } from './best-posts';
import { FiguresChart } from './figures-chart';

const MEASURES: ReadonlyArray<{ name: Measure; label: string }> = [{ name: 'engagement', label: `${ENGAGEMENT_LABEL} (${ENGAGEMENT_EXPLAINED})` }, ...FIGURES];

/** `?from=&to=&account_id=` of the analytics route (no account: every account). */
function queryOf(range: Range, accountId: number | null): { from: string; to: string; account_id?: number } {
  return accountId === null ? { ...range } : { ...range, account_id: accountId };
}

/** The analytics route's rows; a refused range says each field's problem. */
async function loadRows(workspaceUuid: string, range: Range, accountId: number | null) {
  try {
    return (await answer(api.GET('/api/{workspaceUuid}/analytics', { params: { path: { workspaceUuid }, query: queryOf(range, accountId) } }))).data;
  } catch (failure) {
    if (failure instanceof ApiFailure && Object.keys(failure.errors).length > 0) throw new Error(`${failure.message} ${Object.values(failure.errors).flat().join(' ')}`, { cause: failure });
    throw failure;
  }
}

/**
 * The workspace's figures over a range of days (the last 30 by default) for every account or one:
 * totals per figure, a chart per account over time, the best posts, the same rows as CSV, and each
 * account's best hours of the week to post (over the last days the API learns them from, not the range).
 * Days are those of publishing, in UTC, as the API counts them.
 */
export function AnalyticsPage() {
  const workspaceUuid = useWorkspaceUuid();
  const [range, setRange] = useState<Range>(() => defaultRange(utcToday()));
  const [accountId, setAccountId] = useState<number | null>(null);
  const [measure, setMeasure] = useState<Measure>('engagement');
  const accounts = useLoad(() => answer(api.GET('/api/{workspaceUuid}/accounts', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const rows = useLoad(() => loadRows(workspaceUuid, range, accountId), [workspaceUuid, range.from, range.to, accountId]);

  // A date cleared while being typed keeps the day it had: the range always has both ends.
  const change = (next: Partial<Range>) => {
    if (Object.values(next).every(Boolean)) setRange({ ...range, ...next });
  };
  const names = accountNames(accounts.data?.data ?? []);
  const bestTimes = useLoad(() => loadBestTimes(workspaceUuid, accountId), [workspaceUuid, accountId]);
  const csv = `/api/${workspaceUuid}/analytics?${new URLSearchParams({ ...range, ...(accountId === null ? {} : { account_id: String(accountId) }), format: 'csv' }).toString()}`;
  const days = rows.data ? daysOf(range) : [];
  const totals = rows.data ? totalsOf(rows.data) : null;
  const series = rows.data ? seriesOf(rows.data, days, measure) : [];
  const measureLabel = MEASURES.find((each) => each.name === measure)?.label ?? measure;

  return (
    <>
      <div class="page-head">
        <h1 tabIndex={-1}>Analytics</h1>
        <a class="button secondary" href={csv} download>
          Download CSV
        </a>
      </div>
      <form class="filters" role="search" aria-label="Range and account" onSubmit={(event) => event.preventDefault()}>
        <div class="field">
          <label for="analytics-from">From</label>
          <input id="analytics-from" type="date" required value={range.from} onChange={(event) => change({ from: event.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="analytics-to">To</label>
          <input id="analytics-to" type="date" required value={range.to} onChange={(event) => change({ to: event.currentTarget.value })} />
        </div>
        <div class="field">
          <label for="analytics-account">Account</label>
          <AccountSelect id="analytics-account" accounts={accounts.data?.data} value={accountId} onChange={setAccountId} />
        </div>
      </form>
      <p class="muted">Posts published from {range.from} to {range.to} (days in UTC), with each post’s latest figures. A figure that no account reports shows as —.</p>
      {rows.error && <Notice kind="error">{rows.error}</Notice>}
      {rows.loading && !rows.data && <Loading what="the figures" />}
      {totals && (
        <Section title="Totals" id="analytics-totals">
          <dl class="figures totals">
            <div>
              <dt>Posts</dt>
              <dd>{formatFigure(totals.posts)}</dd>
            </div>
            {FIGURES.map(({ name, label }) => (
              <div key={name}>
                <dt>{label}</dt>
                <dd>{formatFigure(totals.metrics[name])}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      {rows.data && (
        <Section title="Over time" id="analytics-over-time">
          <label for="analytics-measure">Figure</label>
          <select id="analytics-measure" value={measure} onChange={(event) => setMeasure(event.currentTarget.value as Measure)}>
            {MEASURES.map((each) => (
              <option key={each.name} value={each.name}>
                {each.label}
              </option>
            ))}
          </select>
          {series.length === 0 ? <p class="muted">No post was published in this range.</p> : <FiguresChart days={days} series={series} names={names} measure={measureLabel} />}
          {series.length > 0 && <PerAccount series={series} names={names} />}
        </Section>
      )}
      <BestPosts range={range} accountId={accountId} />
      <Section title="Best times" id="analytics-best-times">
        <BestTimesList loaded={bestTimes} names={names} />
        <p>
          <a {...linkTo('/settings')}>Add them to the posting schedule in Settings</a>
        </p>
      </Section>
    </>
  );
}

/** Each account's totals over the range: the chart's figures in words. */
function PerAccount({ series, names }: { series: ReadonlyArray<{ accountId: number; provider: string; posts: number; metrics: PostMetrics }>; names: ReadonlyMap<number, string> }) {
  return (
    <div class="scroll">
      <table class="list figures-table">
        <caption>Per account</caption>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Posts</th>
            {FIGURES.map(({ name, label }) => (
              <th key={name} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {series.map((one) => (
            <tr key={one.accountId}>
              <th scope="row">{names.get(one.accountId) ?? `Account ${one.accountId} (${one.provider})`}</th>
              <td data-label="Posts">{formatFigure(one.posts)}</td>
              {FIGURES.map(({ name, label }) => (
                <td key={name} data-label={label}>
                  {formatFigure(one.metrics[name])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
