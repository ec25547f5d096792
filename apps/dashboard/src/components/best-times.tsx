import { type Account, answer, api, type BestTimes, type QueueSlot } from '../api';
import { formatFigure } from '../figures';
import { plural } from '../plural';
import { holdsSlot, slotName } from '../queue-slots';
import { type Loaded, Loading, Notice } from './ui';

/** How many of each account's best times are shown: the few worth a slot. */
const SHOWN = 5;

/** `GET /{ws}/analytics/best-times`: every account's, or one's. */
export function loadBestTimes(workspaceUuid: string, accountId: number | null = null): Promise<BestTimes> {
  const query = accountId === null ? {} : { account_id: accountId };
  return answer(api.GET('/api/{workspaceUuid}/analytics/best-times', { params: { path: { workspaceUuid }, query } }));
}

/** The accounts by id, each named as the pages name it: `Acme (bluesky)`. */
export const accountNames = (accounts: readonly Account[]): Map<number, string> => new Map(accounts.map((account) => [account.id, `${account.name} (${account.provider})`]));

/** What the posting schedule lets an admin do with a best time: add it to the slots being edited. */
export interface SlotAdding {
  slots: readonly QueueSlot[];
  /** The zone of the schedule being edited: changed and not saved yet, it is not the best times' zone. */
  timezone: string;
  add(slot: QueueSlot): void;
}

/**
 * Each account's best hours of the week, best first as the API ranks them (the top few), in the
 * posting schedule's zone, with the median engagement of the posts published in them and how many
 * there were. With `adding`, each hour the schedule does not hold yet is offered as a slot.
 */
export function BestTimesList({ loaded, names, adding }: { loaded: Loaded<BestTimes>; names: ReadonlyMap<number, string>; adding?: SlotAdding }) {
  const answered = loaded.data;
  // Hours of another zone than the schedule's would land at other times: offered once the zone is saved.
  const zoneChanged = adding !== undefined && answered !== null && adding.timezone !== answered.timezone;
  return (
    <>
      {loaded.error && <Notice kind="error">{loaded.error}</Notice>}
      {loaded.loading && !answered && <Loading what="the best times" />}
      {answered && (
        <p class="muted">
          The hours of the week whose posts did best on each account, by the median engagement of the posts published in them since {answered.since.slice(0, 10)}, in the
          schedule’s zone ({answered.timezone}).
        </p>
      )}
      {answered && answered.data.length === 0 && <p class="muted">No post published since then has figures yet.</p>}
      {zoneChanged && (
        <p class="muted">
          These hours are in {answered.timezone}: save the schedule in {adding.timezone} to see them there and add them.
        </p>
      )}
      {answered?.data.map((account) => {
        const name = names.get(account.account_id) ?? `Account ${account.account_id} (${account.provider})`;
        return (
          <div key={account.account_id} class="best-times">
            <p class="best-times-account">{name}</p>
            <ol aria-label={`Best times on ${name}`}>
              {account.times.slice(0, SHOWN).map((time) => (
                <li key={`${time.day}-${time.time}`}>
                  <strong>{slotName(time)}</strong>{' '}
                  <span class="muted">
                    median engagement {formatFigure(time.median_engagement)}, {plural(time.posts, 'post')}
                  </span>
                  {adding && !zoneChanged && (holdsSlot(adding.slots, time) ? <span class="muted"> · in the schedule</span> : <AddSlot slot={time} onAdd={adding.add} />)}
                </li>
              ))}
            </ol>
          </div>
        );
      })}
    </>
  );
}

function AddSlot({ slot, onAdd }: { slot: QueueSlot; onAdd(slot: QueueSlot): void }) {
  return (
    <>
      {' '}
      <button type="button" class="secondary small" onClick={() => onAdd({ day: slot.day, time: slot.time })}>
        Add {slotName(slot)}
      </button>
    </>
  );
}
