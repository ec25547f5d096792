import { useState } from 'preact/hooks';
import { answer, api, type Feed, inWorkspace } from '../../api';
import { ListTable } from '../../components/list-table';
import { FieldMessages, Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { useDashboard, useWorkspaceRole, useWorkspaceUuid } from '../../session';
import { formatInZone } from '../../time';

/** The feeds the workspace follows, each read now and then: every new item becomes a post. Members who write follow and stop them. */
export function FeedsPage() {
  const workspaceUuid = useWorkspaceUuid();
  const role = useWorkspaceRole();
  const writes = role !== null && role !== 'viewer';
  const { timeZone } = useDashboard();
  const feeds = useLoad(() => answer(api.GET('/api/{workspaceUuid}/feeds', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const action = useAction();
  const ofFeed = (feed: Feed) => ({ params: { path: { workspaceUuid, id: feed.id } } });
  const readNow = (feed: Feed) =>
    void action.run(() => answer(api.POST('/api/{workspaceUuid}/feeds/{id}/poll', ofFeed(feed))), `Feed ${feed.url} read.`).then(feeds.reload);
  const stop = (feed: Feed) => {
    if (!window.confirm(`Stop following ${feed.url}? The posts made of it stay.`)) return;
    void action.run(() => answer(api.DELETE('/api/{workspaceUuid}/feeds/{id}', ofFeed(feed))), 'Feed no longer followed.').then(feeds.reload);
  };
  return (
    <>
      <h1 tabIndex={-1}>Feeds</h1>
      <p class="muted">Each new item of a followed RSS or Atom feed becomes one post: a draft, or the next free slot of the queue. The items already there when you follow it are never posted.</p>
      {writes && <FollowFeedForm onFollowed={feeds.reload} />}
      {action.outcome}
      <Section title="Followed feeds">
        {feeds.error && <Notice kind="error">{feeds.error}</Notice>}
        {feeds.loading && !feeds.data && <Loading what="feeds" />}
        {feeds.data?.data.length === 0 && <p class="muted">No feeds yet.</p>}
        {feeds.data && feeds.data.data.length > 0 && (
          <ListTable columns={['Feed', 'Posts as', 'Last read', 'Problem', 'Actions']}>
            {feeds.data.data.map((feed) => (
              <tr key={feed.id}>
                <td data-label="Feed">{feed.url}</td>
                <td data-label="Posts as">{feed.mode === 'queue' ? 'next queue slot' : 'draft'}</td>
                <td data-label="Last read">{feed.last_polled_at ? formatInZone(feed.last_polled_at, timeZone) : 'not yet'}</td>
                <td data-label="Problem">{feed.last_error ?? '—'}</td>
                <td data-label="Actions" class="actions">
                  {writes && (
                    <>
                      <button type="button" class="secondary" disabled={action.busy} onClick={() => readNow(feed)} aria-label={`Read ${feed.url} now`}>
                        Read now
                      </button>
                      <button type="button" class="danger" disabled={action.busy} onClick={() => stop(feed)} aria-label={`Stop following ${feed.url}`}>
                        Stop
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </Section>
    </>
  );
}

/** Follows a feed: its URL, the accounts its posts go to, draft or queue, and the text of each post. */
function FollowFeedForm({ onFollowed }: { onFollowed(): void }) {
  const workspaceUuid = useWorkspaceUuid();
  const accounts = useLoad(() => answer(api.GET('/api/{workspaceUuid}/accounts', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const [mode, setMode] = useState<Feed['mode']>('draft');
  const [template, setTemplate] = useState('{title} {link}');
  const action = useAction();
  const follow = async (event: Event) => {
    event.preventDefault();
    const feed = await action.run(() => answer(api.POST('/api/{workspaceUuid}/feeds', { ...inWorkspace(workspaceUuid), body: { url, accounts: chosen, mode, template } })));
    if (!feed) return;
    action.setDone(feed.last_error ? `Following ${feed.url}, which could not be read yet: ${feed.last_error}` : `Following ${feed.url}: its new items become posts.`);
    setUrl('');
    onFollowed();
  };
  return (
    <Section title="Follow a feed">
      <form onSubmit={(event) => void follow(event)}>
        <label for="feed-url">Feed URL</label>
        <input id="feed-url" type="url" required value={url} onInput={(event) => setUrl(event.currentTarget.value)} />
        <FieldMessages id="feed-url-errors" errors={action.errors} keys={['url']} />
        <fieldset>
          <legend>Accounts</legend>
          {accounts.data?.data.map((account) => (
            <label key={account.id} class="check">
              <input
                type="checkbox"
                checked={chosen.includes(account.id)}
                onChange={(event) => setChosen(event.currentTarget.checked ? [...chosen, account.id] : chosen.filter((id) => id !== account.id))}
              />
              {account.name}
            </label>
          ))}
          <FieldMessages id="feed-accounts-errors" errors={action.errors} keys={['accounts']} />
        </fieldset>
        <fieldset>
          <legend>Each new item becomes</legend>
          <label class="check">
            <input type="radio" name="feed-mode" checked={mode === 'draft'} onChange={() => setMode('draft')} /> a draft
          </label>
          <label class="check">
            <input type="radio" name="feed-mode" checked={mode === 'queue'} onChange={() => setMode('queue')} /> a post in the next free queue slot
          </label>
        </fieldset>
        <label for="feed-template">Text of each post</label>
        <input id="feed-template" maxLength={1000} value={template} aria-describedby="feed-template-help" onInput={(event) => setTemplate(event.currentTarget.value)} />
        <p id="feed-template-help" class="muted">
          {'{title}'}, {'{link}'} and {'{summary}'} are the item’s.
        </p>
        <FieldMessages id="feed-template-errors" errors={action.errors} keys={['template']} />
        <div class="buttons">
          <button type="submit" disabled={action.busy}>
            Follow
          </button>
        </div>
        {action.outcome}
      </form>
    </Section>
  );
}
