import { callsEndingBy } from '../../providers/http/provider-http';

/** Time kept before the gateway's deadline to store the account and get the reply back to it. */
export const CONNECT_REPLY_MARGIN_MS = 2_000;
/** How long the gateway waits when a request names no deadline (one sent before requests had one): the RPC's default wait. */
export const CONNECT_DEFAULT_WAIT_MS = 10_000;

/**
 * The time a connect has: the gateway stops waiting at `replyBy`, and answers its client with an
 * error from then on. The credentials are checked until `checkBy`, a margin before it (the
 * platform's calls are cut off then), so that storing the account and replying fit in the time.
 */
export class ConnectDeadline {
  private constructor(readonly replyBy: number) {}

  static of(deadline: number | undefined, now = Date.now()): ConnectDeadline {
    return new ConnectDeadline(deadline ?? now + CONNECT_DEFAULT_WAIT_MS);
  }

  get checkBy(): number {
    return this.replyBy - CONNECT_REPLY_MARGIN_MS;
  }

  /** What `check` answers, or null when `checkBy` comes first; the platform calls it makes end by then. */
  async check<T>(check: () => Promise<T>): Promise<T | null> {
    const remaining = this.checkBy - Date.now();
    if (remaining <= 0) return null;
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), remaining)));
    try {
      return await Promise.race([callsEndingBy(this.checkBy, check), outOfTime]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Storing now might end after the gateway gave up. */
  tooLateToStore(now = Date.now()): boolean {
    return now >= this.checkBy;
  }

  /** The gateway has stopped waiting: it answered its client with an error. */
  passed(now = Date.now()): boolean {
    return now >= this.replyBy;
  }
}
