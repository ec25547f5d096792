import { useState } from 'preact/hooks';
import { answer, api, type DeadLetter, type paths } from '../../api';
import { ListTable } from '../../components/list-table';
import { Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { plural } from '../../plural';
import { useDashboard } from '../../session';
import { formatInZone } from '../../time';

/** Which dead letters the list shows: the API's `status` filter. */
type Shown = NonNullable<NonNullable<paths['/api/panel/dead-letters']['get']['parameters']['query']>['status']>;

/** Dead letters: what the services gave up on, and putting it back on its topic once the cause is fixed. */
export function DeadLettersSection() {
  const { timeZone } = useDashboard();
  const [status, setStatus] = useState<Shown>('pending');
  const letters = useLoad(() => answer(api.GET('/api/panel/dead-letters', { params: { query: { status } } })), [status]);
  const action = useAction();
  const replay = (letter: DeadLetter) =>
    void action
      .run(() => answer(api.POST('/api/panel/dead-letters/{id}/replay', { params: { path: { id: letter.id } } })), `Dead letter ${letter.id} replayed onto ${letter.topic}.`)
      .then(letters.reload);
  const replayAll = () =>
    void action
      .run(() => answer(api.POST('/api/panel/dead-letters/replay', { body: {} })))
      .then((outcome) => {
        if (outcome) action.setDone(`${outcome.replayed} replayed, ${outcome.remaining} still pending.`);
        letters.reload();
      });
  const rows = letters.data?.data ?? [];
  return (
    <Section title="Dead letters">
      <p class="muted">Messages a service gave up on (after an outage longer than the retry window, or a message it cannot handle). Replay puts one back on its topic.</p>
      <div class="row">
        <div class="field">
          <label for="dead-letter-status">Show</label>
          <select id="dead-letter-status" value={status} onChange={(event) => setStatus(event.currentTarget.value as Shown)}>
            <option value="pending">pending</option>
            <option value="replayed">replayed</option>
            <option value="all">all</option>
          </select>
        </div>
        <button type="button" class="secondary" disabled={action.busy || !rows.some((letter) => letter.replayable && !letter.replayed_at)} onClick={replayAll}>
          Replay all pending
        </button>
      </div>
      {action.outcome}
      {letters.error && <Notice kind="error">{letters.error}</Notice>}
      {letters.loading && !letters.data && <Loading what="dead letters" />}
      {letters.data && rows.length === 0 && <p class="muted">No dead letters.</p>}
      {rows.length > 0 && (
        <ListTable columns={['Topic', 'Message', 'Why', 'When', 'Actions']}>
          {rows.map((letter) => (
            <tr key={letter.id}>
              <td data-label="Topic">{letter.topic ?? 'notice'}</td>
              <td data-label="Message">
                {letter.event_type ?? 'message'} <span class="muted">key {letter.key}</span>
              </td>
              <td data-label="Why">
                {letter.error}
                {letter.group_id && <span class="muted"> ({letter.group_id}, {plural(letter.attempts ?? 0, 'attempt')})</span>}
              </td>
              <td data-label="When">{formatInZone(letter.dead_lettered_at, timeZone)}</td>
              <td data-label="Actions">
                {letter.replayed_at ? (
                  <span class="muted">replayed {formatInZone(letter.replayed_at, timeZone)}</span>
                ) : letter.replayable ? (
                  <button type="button" class="secondary" onClick={() => replay(letter)} aria-label={`Replay dead letter ${letter.id}`}>
                    Replay
                  </button>
                ) : (
                  <span class="muted">{letter.not_replayable_reason}</span>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </Section>
  );
}
