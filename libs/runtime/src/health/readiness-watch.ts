import type { GroupMemberReports, GroupMembershipWatch, WatchedMember } from '@app/messaging';

/** What a loop of the app holds while it runs: it beats at each turn, and ends when it stops. */
export interface LoopBeat {
  /**
   * The loop turned (it woke up, polled, finished a round). `nextTurnWithinMs` is the longest it
   * means to sleep, or to wait on a call it makes, before it turns again (0 when it goes on at once).
   */
  beat(nextTurnWithinMs?: number): void;
  /** The loop stopped on purpose: nothing more to watch. */
  end(): void;
}

export interface ReadinessWatchOptions {
  /** How long past its planned next turn a loop may stay silent before the app is not ready. */
  loopStaleMs: number;
  /** The clock, in epoch milliseconds (tests bring their own). */
  now?: () => number;
}

interface WatchedLoop {
  name: string;
  lastBeatAt: number;
  nextTurnWithinMs: number;
}

interface MemberState extends WatchedMember {
  inGroup: boolean;
  /** In its group: when the coordinator last answered it; out of it: when it left. */
  since: number;
  /** Why it is out: the last two reports since it left. */
  reasons: string[];
}

export const READINESS_WATCH = Symbol('READINESS_WATCH');

/**
 * What readiness watches beside the database: the app's loops (timer firing, webhook delivery,
 * the event relay, ...), which must keep turning, and its consumer group members, which must stay
 * in their groups. Loops and members report here; `/health/ready` asks for the problems.
 */
export class ReadinessWatch implements GroupMembershipWatch {
  private readonly loops = new Set<WatchedLoop>();
  private readonly members = new Set<MemberState>();
  private readonly now: () => number;
  private readonly loopStaleMs: number;

  constructor(options: ReadinessWatchOptions) {
    this.loopStaleMs = options.loopStaleMs;
    this.now = options.now ?? Date.now;
  }

  /** Watches a loop from now: it counts as having just turned. */
  loop(name: string): LoopBeat {
    const loop: WatchedLoop = { name, lastBeatAt: this.now(), nextTurnWithinMs: 0 };
    this.loops.add(loop);
    return {
      beat: (nextTurnWithinMs = 0) => {
        loop.lastBeatAt = this.now();
        loop.nextTurnWithinMs = Math.max(0, nextTurnWithinMs);
      },
      end: () => this.loops.delete(loop),
    };
  }

  watch(member: WatchedMember): GroupMemberReports {
    const state: MemberState = { ...member, inGroup: false, since: this.now(), reasons: ['joining its group'] };
    this.members.add(state);
    return {
      joined: () => Object.assign(state, { inGroup: true, since: this.now(), reasons: [] }),
      answered: () => {
        if (state.inGroup) state.since = this.now();
      },
      out: (reason) => {
        if (state.inGroup) Object.assign(state, { inGroup: false, since: this.now(), reasons: [] });
        if (state.reasons.at(-1) !== reason) state.reasons = [...state.reasons, reason].slice(-2);
      },
      ended: () => this.members.delete(state),
    };
  }

  /** Loops silent for longer than `loopStaleMs` past their planned next turn, each said in a sentence. */
  stalledLoops(): string[] {
    const now = this.now();
    return [...this.loops]
      .filter((loop) => now - loop.lastBeatAt - loop.nextTurnWithinMs > this.loopStaleMs)
      .map((loop) => {
        const silent = `Loop "${loop.name}" has not turned for ${seconds(now - loop.lastBeatAt)}`;
        if (loop.nextTurnWithinMs === 0) return `${silent} (allowed ${seconds(this.loopStaleMs)})`;
        return `${silent}: it meant to turn again within ${seconds(loop.nextTurnWithinMs)} (allowed ${seconds(this.loopStaleMs)} past that)`;
      });
  }

  /**
   * Members out of their group, or unanswered by its coordinator, for longer than their session
   * timeout (as long as the group itself waits for a silent member), each said in a sentence.
   */
  absentMembers(): string[] {
    const now = this.now();
    return [...this.members]
      .filter((member) => now - member.since > member.sessionTimeoutMs)
      .map((member) => {
        const who = `Consumer group ${member.groupId} (${member.topics.join(', ')})`;
        const limit = `session timeout ${seconds(member.sessionTimeoutMs)}`;
        if (member.inGroup) return `${who} has had no answer from its group coordinator for ${seconds(now - member.since)} (${limit})`;
        return `${who} has not been a member of its group for ${seconds(now - member.since)} (${limit}): ${member.reasons.join(', then ')}`;
      });
  }
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
