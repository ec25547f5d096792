import { Section } from '../../components/ui';
import { useDashboard } from '../../session';
import { timeZones } from '../../time';
import { ApiTokens } from './api-tokens';
import { PostingSchedule } from './posting-schedule';

/** The time zone the dashboard shows and takes times in, the workspace's posting schedule, and the signed-in user's API tokens. */
export function SettingsPage() {
  const { timeZone, setTimeZone, workspaceUuid } = useDashboard();
  const zones = timeZones();
  return (
    <>
      <h1 tabIndex={-1}>Settings</h1>
      <Section title="Time zone">
        <label for="time-zone">Time zone</label>
        <select id="time-zone" value={timeZone} onChange={(event) => setTimeZone(event.currentTarget.value)} aria-describedby="time-zone-help">
          {(zones.includes(timeZone) ? zones : [timeZone, ...zones]).map((zone) => (
            <option key={zone}>{zone}</option>
          ))}
        </select>
        <p id="time-zone-help" class="muted">
          Posts, the calendar and the delivery log show times in this zone; new posts are scheduled in it. Kept in this browser.
        </p>
      </Section>
      {/* The schedule is a workspace's: asked for once one is chosen (a first load learns the workspaces a moment later). */}
      {workspaceUuid ? (
        <PostingSchedule key={workspaceUuid} />
      ) : (
        <Section title="Posting schedule">
          <p class="muted">Choose a workspace to see its posting schedule.</p>
        </Section>
      )}
      <ApiTokens />
    </>
  );
}
