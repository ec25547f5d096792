import { answer, api } from '../../api';
import { ListTable } from '../../components/list-table';
import { Loading, Notice, Section, useLoad } from '../../components/ui';
import { useDashboard } from '../../session';
import { formatInZone } from '../../time';

/** The pipeline at a glance: each stage's backlog and its oldest item, consumer lag, and the posts held too long. */
export function PipelineSection() {
  const { timeZone } = useDashboard();
  const pipeline = useLoad(() => answer(api.GET('/api/panel/pipeline')), []);
  const view = pipeline.data;
  const when = (at: string | null) => (at === null ? '—' : formatInZone(at, timeZone));
  return (
    <Section
      title="Pipeline"
      actions={
        <button type="button" class="secondary" disabled={pipeline.loading} onClick={pipeline.reload}>
          Check again
        </button>
      }
    >
      {pipeline.error && <Notice kind="error">{pipeline.error}</Notice>}
      {pipeline.loading && !view && <Loading what="the pipeline" />}
      {view && (
        <>
          {view.healthy ? (
            <Notice kind="ok">Nothing is stuck (checked {when(view.checked_at)}).</Notice>
          ) : (
            <div class="notice notice-warning" role="alert">
              <p>Something needs a look (checked {when(view.checked_at)}):</p>
              <ul>
                {view.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
          <ListTable columns={['Stage', 'Waiting', 'Oldest']} label="Stages">
            <tr>
              <td data-label="Stage">Scheduled posts due</td>
              <td data-label="Waiting">{view.stages.timers.due}</td>
              <td data-label="Oldest">{when(view.stages.timers.oldest_due_at)}</td>
            </tr>
            <tr>
              <td data-label="Stage">Posts publishing</td>
              <td data-label="Waiting">{view.stages.publishing.in_progress}</td>
              <td data-label="Oldest">{when(view.stages.publishing.oldest_since)}</td>
            </tr>
            <tr>
              <td data-label="Stage">Webhook deliveries</td>
              <td data-label="Waiting">
                {view.stages.deliveries ? `${view.stages.deliveries.pending} (${view.stages.deliveries.retrying} retrying)` : 'no answer'}
              </td>
              <td data-label="Oldest">{when(view.stages.deliveries?.oldest_due_at ?? null)}</td>
            </tr>
            <tr>
              <td data-label="Stage">Dead letters</td>
              <td data-label="Waiting">{view.stages.dead_letters.waiting}</td>
              <td data-label="Oldest">{when(view.stages.dead_letters.oldest_at)}</td>
            </tr>
          </ListTable>
          {view.consumer_groups && view.consumer_groups.length > 0 && (
            <ListTable columns={['Consumer group', 'Topic', 'Lag (messages)']} label="Consumer lag">
              {view.consumer_groups.map((entry) => (
                <tr key={`${entry.group} ${entry.topic}`}>
                  <td data-label="Consumer group">{entry.group}</td>
                  <td data-label="Topic">{entry.topic}</td>
                  <td data-label="Lag (messages)">{entry.lag}</td>
                </tr>
              ))}
            </ListTable>
          )}
          {view.stuck_posts.length > 0 && (
            <ListTable columns={['Post', 'Status', 'Since', 'Why']} label="Stuck posts">
              {view.stuck_posts.map((post) => (
                <tr key={post.uuid}>
                  <td data-label="Post">
                    <code>{post.uuid}</code> <span class="muted">workspace {post.workspace_uuid}</span>
                  </td>
                  <td data-label="Status">{post.status}</td>
                  <td data-label="Since">{when(post.since)}</td>
                  <td data-label="Why">{post.reason}</td>
                </tr>
              ))}
            </ListTable>
          )}
        </>
      )}
    </Section>
  );
}
