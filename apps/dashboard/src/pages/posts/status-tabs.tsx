import type { PostStatus, Schemas } from '../../api';
import { STATUS_TABS } from './post-list-query';

export type PostCounts = Schemas['PostCounts'];

/** The status filter, each tab with its number of posts once the counts are loaded: `Scheduled (3)`. */
export function StatusTabs({ status, counts, onChange }: { status: PostStatus | null; counts: PostCounts | null; onChange(status: PostStatus | null): void }) {
  const countOf = (tab: PostStatus | null): number | null => {
    if (!counts) return null;
    return tab === null ? Object.values(counts).reduce((sum, count) => sum + count, 0) : counts[tab];
  };
  return (
    <div class="tabs" role="group" aria-label="Status">
      {STATUS_TABS.map((tab) => {
        const count = countOf(tab.status);
        return (
          <button key={tab.label} type="button" class="tab" aria-pressed={status === tab.status} onClick={() => onChange(tab.status)}>
            {tab.label}
            {count !== null && ` (${count})`}
          </button>
        );
      })}
    </div>
  );
}
