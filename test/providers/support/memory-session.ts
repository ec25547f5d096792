import { OneAtATime } from '../../../apps/publisher/src/accounts/one-at-a-time';
import { PublishProgress, SessionChange, SessionStore } from '../../../apps/publisher/src/providers/publish-provider';

/** A session store for one account, in memory: what the publisher keeps encrypted in its accounts table. */
export function memorySession(initial: Record<string, unknown> | null = null): SessionStore & { current: Record<string, unknown> | null; saves: number } {
  const changes = new OneAtATime<'session'>();
  const store = {
    current: initial,
    saves: 0,
    load: async () => store.current,
    save: async (session: Record<string, unknown>) => {
      store.current = session;
      store.saves++;
    },
    exclusively: <T>(change: (stored: Record<string, unknown> | null) => Promise<SessionChange<T>>) =>
      changes.run('session', async () => {
        const { result, save } = await change(store.current);
        if (save) await store.save(save);
        return result;
      }),
  };
  return store;
}

/** The journaled steps of one content item, in memory: what the publisher keeps encrypted in `item_progress`. */
export function memoryProgress(initial: Record<string, unknown> | null = null): PublishProgress & { current: Record<string, unknown> | null } {
  const progress = {
    current: initial,
    read: async () => progress.current,
    record: async (step: Record<string, unknown>) => {
      progress.current = { ...(progress.current ?? {}), ...step };
    },
  };
  return progress;
}
