import { useEffect, useState } from 'preact/hooks';
import { answer, api, inWorkspace, type PostingQueue, type QueueSlot } from '../../api';
import { accountNames, BestTimesList, loadBestTimes } from '../../components/best-times';
import { FieldMessages, Loading, Notice, Section, useAction, useLoad } from '../../components/ui';
import { byDayAndTime, holdsSlot, slotName, WEEK_DAYS } from '../../queue-slots';
import { useWorkspaceRole, useWorkspaceUuid } from '../../session';
import { timeZones } from '../../time';

/**
 * The workspace's posting schedule (`GET`/`PUT /{ws}/queue`): the weekly time slots that "Add to
 * queue" fills, in the schedule's own time zone, and each account's best times
 * (`GET /{ws}/analytics/best-times`, in the saved zone), which an admin adds as slots as one adds a
 * slot by hand. Workspace admins change it; others read it.
 */
export function PostingSchedule() {
  const workspaceUuid = useWorkspaceUuid();
  const role = useWorkspaceRole();
  const loaded = useLoad(() => answer(api.GET('/api/{workspaceUuid}/queue', inWorkspace(workspaceUuid))), [workspaceUuid]);
  const accounts = useLoad(() => answer(api.GET('/api/{workspaceUuid}/accounts', inWorkspace(workspaceUuid))), [workspaceUuid]);
  // In the saved zone: read again when a save changes it.
  const bestTimes = useLoad(() => loadBestTimes(workspaceUuid), [workspaceUuid]);
  const [queue, setQueue] = useState<PostingQueue>({ timezone: 'UTC', slots: [] });
  const [day, setDay] = useState<QueueSlot['day']>('mon');
  const [time, setTime] = useState('09:00');
  const action = useAction();
  useEffect(() => {
    if (loaded.data) setQueue({ timezone: loaded.data.timezone, slots: [...loaded.data.slots].sort(byDayAndTime) });
  }, [loaded.data]);

  const editable = role === 'admin';
  const zones = timeZones();
  const addSlot = (slot: QueueSlot) => {
    if (!slot.time || holdsSlot(queue.slots, slot)) return;
    setQueue({ ...queue, slots: [...queue.slots, slot].sort(byDayAndTime) });
  };
  const remove = (index: number) => setQueue({ ...queue, slots: queue.slots.filter((_, other) => other !== index) });
  const save = async () => {
    const saved = await action.run(() => answer(api.PUT('/api/{workspaceUuid}/queue', { ...inWorkspace(workspaceUuid), body: queue })), 'Posting schedule saved.');
    if (!saved) return;
    setQueue({ timezone: saved.timezone, slots: [...saved.slots].sort(byDayAndTime) });
    if (saved.timezone !== bestTimes.data?.timezone) bestTimes.reload();
  };

  return (
    <Section title="Posting schedule">
      {loaded.loading && <Loading what="the posting schedule" />}
      {loaded.error && <Notice kind="error">{loaded.error}</Notice>}
      <p class="muted">"Add to queue" schedules a post at the next free slot of this weekly schedule.</p>
      {!editable && role !== null && <p class="muted">Only workspace admins change the schedule.</p>}
      <label for="queue-time-zone">Schedule zone</label>
      <select id="queue-time-zone" disabled={!editable} value={queue.timezone} onChange={(event) => setQueue({ ...queue, timezone: event.currentTarget.value })}>
        {(zones.includes(queue.timezone) ? zones : [queue.timezone, ...zones]).map((zone) => (
          <option key={zone}>{zone}</option>
        ))}
      </select>
      <FieldMessages id="queue-time-zone-errors" errors={action.errors} keys={['timezone']} />
      {queue.slots.length === 0 ? (
        <p class="muted">No time slots yet.</p>
      ) : (
        <ul class="slots" aria-label="Time slots">
          {queue.slots.map((slot, index) => (
            <li key={`${slot.day}-${slot.time}`}>
              {slotName(slot)}
              {editable && (
                <button type="button" class="secondary small" aria-label={`Remove ${slot.day} ${slot.time}`} onClick={() => remove(index)}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <FieldMessages id="queue-slot-errors" errors={action.errors} keys={Object.keys(action.errors).filter((key) => key.startsWith('slots'))} />
      {editable && (
        <div class="row">
          <div class="field">
            <label for="slot-day">Day</label>
            <select id="slot-day" value={day} onChange={(event) => setDay(event.currentTarget.value as QueueSlot['day'])}>
              {WEEK_DAYS.map((entry) => (
                <option key={entry.day} value={entry.day}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="slot-time">Slot time</label>
            <input id="slot-time" type="time" value={time} onInput={(event) => setTime(event.currentTarget.value)} />
          </div>
          <button type="button" class="secondary" onClick={() => addSlot({ day, time })}>
            Add slot
          </button>
        </div>
      )}
      <h3>Best times</h3>
      <BestTimesList loaded={bestTimes} names={accountNames(accounts.data?.data ?? [])} adding={editable ? { slots: queue.slots, timezone: queue.timezone, add: addSlot } : undefined} />
      {editable && <p class="muted">A slot added here is kept once the schedule is saved.</p>}
      {action.outcome}
      {editable && (
        <button type="button" disabled={action.busy} onClick={() => void save()}>
          Save schedule
        </button>
      )}
    </Section>
  );
}
