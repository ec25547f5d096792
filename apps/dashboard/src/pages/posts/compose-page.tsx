import { useEffect, useState } from 'preact/hooks';
import { answer, api, inWorkspace, type Media, postAsRead } from '../../api';
import { ProviderIcon } from '../../components/provider-icon';
import { FieldMessages, Loading, Notice, useAction, useLoad } from '../../components/ui';
import { linkTo, navigate, useLocation } from '../../router';
import { useDashboard, useWorkspaceUuid } from '../../session';
import { CharacterCount } from './character-count';
import { ComposeButtons } from './compose-buttons';
import { bodyOf, type Draft, draftOf, duplicateOf, EMPTY_DRAFT, type Intent } from './compose-draft';
import { ERRORS_OF, keysOf } from './compose-errors';
import { EditPostTools } from './edit-post-tools';
import { MediaPicker } from './media-picker';
import { NetworkPreviews } from './network-previews';
import { PlatformOptionsFields } from './platform-options';
import { awaitsApproval, publishedAccounts, rememberOutcome, savedMessage } from './post-outcome';
import { PostFigures } from './post-figures';
import { ReviewNotes } from './review-notes';
import { PreviewLinks } from './preview-links';
import { ThreadEditor } from './thread-editor';

/**
 * Compose a post, edit one, or start from a copy of one (`/posts/new?from=<uuid>`): a thread of
 * content items, versions per account, counts against each provider's limit, platform options,
 * previews per network, and a time in the chosen zone or the next slot of the queue.
 */
export function ComposePage({ postUuid }: { postUuid: string | null }) {
  const workspaceUuid = useWorkspaceUuid();
  const { timeZone } = useDashboard();
  const { params } = useLocation();
  const copiedUuid = postUuid ? null : params.get('from');
  const sourceUuid = postUuid ?? copiedUuid;
  const accounts = useLoad(() => answer(api.GET('/api/{workspaceUuid}/accounts', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const source = useLoad(
    () => (sourceUuid ? answer(api.GET('/api/{workspaceUuid}/posts/{postUuid}', { params: { path: { workspaceUuid, postUuid: sourceUuid } } })) : Promise.resolve(null)),
    [workspaceUuid, sourceUuid],
  );
  const [draft, setDraft] = useState<Draft>({ ...EMPTY_DRAFT, date: params.get('date') ?? '', time: params.get('time') ?? '' });
  const [library, setLibrary] = useState<Media[]>([]);
  const action = useAction();

  useEffect(() => {
    if (source.data) setDraft(copiedUuid ? duplicateOf(source.data, timeZone) : draftOf(source.data, timeZone));
  }, [source.data]);

  /** A change to part of the form: that part's error messages are out of date. */
  const change = (next: Partial<Draft>, part: keyof typeof ERRORS_OF) => {
    setDraft({ ...draft, ...next });
    action.clearErrors(ERRORS_OF[part]);
  };
  const chosen = (accounts.data?.data ?? []).filter((account) => draft.accountIds.includes(account.id));
  const toggleAccount = (id: number, on: boolean) => change({ accountIds: on ? [...draft.accountIds, id] : draft.accountIds.filter((other) => other !== id) }, 'accounts');
  const toggleCustom = (id: number, on: boolean) => {
    const custom = { ...draft.custom };
    if (on) custom[id] = draft.items[0];
    else delete custom[id];
    change({ custom }, 'text');
  };

  const submit = async (intent: Intent) => {
    const body = bodyOf(draft, intent, timeZone);
    // An edit is saved over the revision this page read: a newer one is not overwritten (412).
    const edited = postUuid ? source.data : null;
    if (postUuid && !edited) return;
    const saved = await action.run(() =>
      answer(
        edited
          ? api.PUT('/api/{workspaceUuid}/posts/{postUuid}', { ...postAsRead(workspaceUuid, edited), body })
          : api.POST('/api/{workspaceUuid}/posts', { ...inWorkspace(workspaceUuid), body }),
      ),
    );
    if (!saved) return;
    rememberOutcome(savedMessage(saved, timeZone));
    navigate('/posts');
  };

  if (sourceUuid && source.loading) return <Loading what="the post" />;
  if (source.error) return <Notice kind="error">{source.error}</Notice>;
  const errors = action.errors;
  const editing = postUuid ? source.data : null;
  return (
    <>
      <h1 tabIndex={-1}>{postUuid ? 'Edit post' : 'New post'}</h1>
      {editing && <EditPostTools post={editing} />}
      {editing && publishedAccounts(editing).length > 0 && <PostFigures post={editing} />}
      {editing && awaitsApproval(editing) && <ReviewNotes post={editing} />}
      {copiedUuid && source.data && <p class="muted">A copy of a post: it is saved as a new post, with no time until you choose one.</p>}
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
          {accounts.data?.data.length === 0 && <p class="muted">
              No accounts yet: connect one on the <a {...linkTo('/accounts')}>Accounts</a> page (a sandbox account needs no platform).
            </p>}
          {accounts.data?.data.map((account) => (
            <label key={account.id} class="check">
              <input type="checkbox" checked={draft.accountIds.includes(account.id)} onChange={(event) => toggleAccount(account.id, event.currentTarget.checked)} />
              <ProviderIcon provider={account.provider} /> {account.name} ({account.provider})
            </label>
          ))}
          <FieldMessages id="accounts-errors" errors={errors} keys={keysOf(errors, 'accounts')} />
        </fieldset>

        <ThreadEditor items={draft.items} accounts={chosen.filter((account) => draft.custom[account.id] === undefined)} onChange={(items) => change({ items }, 'text')} />
        <FieldMessages id="versions-errors" errors={errors} keys={keysOf(errors, 'text').filter((key) => key.startsWith('versions'))} />

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
                  onInput={(event) => change({ custom: { ...draft.custom, [account.id]: event.currentTarget.value } }, 'text')}
                />
                <CharacterCount id={`count-${account.id}`} text={draft.custom[account.id]} accounts={[account]} />
              </>
            )}
          </div>
        ))}

        <PlatformOptionsFields accounts={chosen} options={draft.options} onChange={(options) => change({ options }, 'options')} />
        <FieldMessages id="options-errors" errors={errors} keys={keysOf(errors, 'options')} />

        <MediaPicker selected={draft.media} onChange={(media) => change({ media }, 'media')} onLoaded={setLibrary} />
        <FieldMessages id="media-errors" errors={errors} keys={keysOf(errors, 'media')} />

        <NetworkPreviews accounts={chosen} draft={draft} library={library} />

        <div class="row">
          <div class="field">
            <label for="post-date">Date</label>
            <input id="post-date" type="date" value={draft.date} onInput={(event) => change({ date: event.currentTarget.value }, 'when')} />
            <FieldMessages id="date-errors" errors={errors} keys={['date', 'scheduled_at', 'queue']} />
          </div>
          <div class="field">
            <label for="post-time">Time</label>
            <input id="post-time" type="time" value={draft.time} onInput={(event) => change({ time: event.currentTarget.value }, 'when')} />
            <FieldMessages id="time-errors" errors={errors} keys={['time']} />
          </div>
          <p class="muted">Time zone: {timeZone} (change it in Settings)</p>
        </div>
        {action.outcome}
        <ComposeButtons editing={editing} busy={action.busy} submit={(intent) => void submit(intent)} />
      </form>
      {editing && !awaitsApproval(editing) && <ReviewNotes post={editing} />}
      {editing && <PreviewLinks post={editing} />}
    </>
  );
}
