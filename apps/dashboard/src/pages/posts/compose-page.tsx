import { useEffect, useState } from 'preact/hooks';
import { answer, api, inWorkspace } from '../../api';
import { ProviderIcon } from '../../components/provider-icon';
import { FieldMessages, Loading, Notice, useAction, useLoad } from '../../components/ui';
import { navigate, useLocation } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { CharacterCount } from './character-count';
import { bodyOf, type Draft, draftOf, EMPTY_DRAFT, type Intent } from './compose-draft';
import { MediaPicker } from './media-picker';
import { PlatformOptionsFields } from './platform-options';
import { ThreadEditor } from './thread-editor';

/**
 * Compose a post, or edit one: a thread of content items, versions per account, counts against each
 * provider's limit, platform options, and a time in the chosen zone or the next slot of the queue.
 */
export function ComposePage({ postUuid }: { postUuid: string | null }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const { params } = useLocation();
  const accounts = useLoad(() => answer(api.GET('/api/{workspaceUuid}/accounts', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const existing = useLoad(
    () => (postUuid ? answer(api.GET('/api/{workspaceUuid}/posts/{postUuid}', { params: { path: { workspaceUuid, postUuid } } })) : Promise.resolve(null)),
    [workspaceUuid, postUuid],
  );
  const [draft, setDraft] = useState<Draft>({ ...EMPTY_DRAFT, date: params.get('date') ?? '', time: params.get('time') ?? '' });
  const action = useAction();

  useEffect(() => {
    if (existing.data) setDraft(draftOf(existing.data, timeZone));
  }, [existing.data]);

  const chosen = (accounts.data?.data ?? []).filter((account) => draft.accountIds.includes(account.id));
  const toggleAccount = (id: number, on: boolean) => setDraft({ ...draft, accountIds: on ? [...draft.accountIds, id] : draft.accountIds.filter((other) => other !== id) });
  const toggleCustom = (id: number, on: boolean) => {
    const custom = { ...draft.custom };
    if (on) custom[id] = draft.items[0];
    else delete custom[id];
    setDraft({ ...draft, custom });
  };

  const submit = async (intent: Intent) => {
    const body = bodyOf(draft, intent, timeZone);
    const saved = await action.run(() =>
      answer(
        postUuid
          ? api.PUT('/api/{workspaceUuid}/posts/{postUuid}', { params: { path: { workspaceUuid, postUuid } }, body })
          : api.POST('/api/{workspaceUuid}/posts', { ...inWorkspace(workspaceUuid), body }),
      ),
    );
    if (saved) navigate(`/posts?saved=${saved.status}`);
  };

  if (postUuid && existing.loading) return <Loading what="the post" />;
  if (existing.error) return <Notice kind="error">{existing.error}</Notice>;
  const errors = action.errors;
  return (
    <>
      <h1 tabIndex={-1}>{postUuid ? 'Edit post' : 'New post'}</h1>
      <form
        class="card compose"
        onSubmit={(event) => {
          event.preventDefault();
          void submit('schedule');
        }}
      >
        <fieldset>
          <legend>Accounts</legend>
          {accounts.loading && <Loading what="accounts" />}
          {accounts.data?.data.length === 0 && <p class="muted">No accounts yet: connect one on the Accounts page.</p>}
          {accounts.data?.data.map((account) => (
            <label key={account.id} class="check">
              <input type="checkbox" checked={draft.accountIds.includes(account.id)} onChange={(event) => toggleAccount(account.id, event.currentTarget.checked)} />
              <ProviderIcon provider={account.provider} /> {account.name} ({account.provider})
            </label>
          ))}
          <FieldMessages id="accounts-errors" errors={errors} keys={Object.keys(errors).filter((key) => /^accounts(\.\d+)?$/.test(key))} />
        </fieldset>

        <ThreadEditor items={draft.items} accounts={chosen.filter((account) => draft.custom[account.id] === undefined)} onChange={(items) => setDraft({ ...draft, items })} />
        <FieldMessages id="versions-errors" errors={errors} keys={Object.keys(errors).filter((key) => /^versions(\.\d+)?(\.content(\.\d+)?(\.body)?)?$/.test(key))} />

        {chosen.map((account) => (
          <div key={account.id} class="version">
            <label class="check">
              <input type="checkbox" checked={draft.custom[account.id] !== undefined} onChange={(event) => toggleCustom(account.id, event.currentTarget.checked)} />
              Own version for {account.name}
            </label>
            {draft.custom[account.id] !== undefined && (
              <>
                <label for={`text-${account.id}`}>Text for {account.name}</label>
                <textarea
                  id={`text-${account.id}`}
                  rows={4}
                  value={draft.custom[account.id]}
                  aria-describedby={`count-${account.id}`}
                  onInput={(event) => setDraft({ ...draft, custom: { ...draft.custom, [account.id]: event.currentTarget.value } })}
                />
                <CharacterCount id={`count-${account.id}`} text={draft.custom[account.id]} accounts={[account]} />
              </>
            )}
          </div>
        ))}

        <PlatformOptionsFields accounts={chosen} options={draft.options} onChange={(options) => setDraft({ ...draft, options })} />
        <FieldMessages id="options-errors" errors={errors} keys={Object.keys(errors).filter((key) => key.includes('.options.'))} />

        <MediaPicker selected={draft.media} onChange={(media) => setDraft({ ...draft, media })} />
        <FieldMessages id="media-errors" errors={errors} keys={Object.keys(errors).filter((key) => /\.media(\.|$)/.test(key))} />

        <div class="row">
          <div class="field">
            <label for="post-date">Date</label>
            <input id="post-date" type="date" value={draft.date} onInput={(event) => setDraft({ ...draft, date: event.currentTarget.value })} />
            <FieldMessages id="date-errors" errors={errors} keys={['date', 'scheduled_at', 'queue']} />
          </div>
          <div class="field">
            <label for="post-time">Time</label>
            <input id="post-time" type="time" value={draft.time} onInput={(event) => setDraft({ ...draft, time: event.currentTarget.value })} />
            <FieldMessages id="time-errors" errors={errors} keys={['time']} />
          </div>
          <p class="muted">Time zone: {timeZone} (change it in Settings)</p>
        </div>
        {action.outcome}
        <div class="buttons">
          <button type="button" disabled={action.busy} onClick={() => void submit('schedule_now')}>
            Schedule now
          </button>
          <button type="submit" disabled={action.busy}>
            Schedule
          </button>
          <button type="button" class="secondary" disabled={action.busy} onClick={() => void submit('queue')}>
            Add to queue
          </button>
          <button type="button" class="secondary" disabled={action.busy} onClick={() => void submit('draft')}>
            Save draft
          </button>
        </div>
      </form>
    </>
  );
}
