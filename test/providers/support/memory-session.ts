import { SessionStore } from '../../../apps/publisher/src/providers/publish-provider';

/** A session store for one account, in memory: what the publisher keeps encrypted in its accounts table. */
export function memorySession(initial: Record<string, unknown> | null = null): SessionStore & { current: Record<string, unknown> | null; saves: number } {
  const store = {
    current: initial,
    saves: 0,
    load: async () => store.current,
    save: async (session: Record<string, unknown>) => {
      store.current = session;
      store.saves++;
    },
  };
  return store;
}
