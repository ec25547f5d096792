import { Injectable } from '@nestjs/common';
import { ExistingPostState, PostState } from '@app/domain';

/** Posts whose states are kept: about the posts a burst of due posts keeps in play at once. */
const REMEMBERED_POSTS = 10_000;
/**
 * States kept per post, by revision: the command path runs ahead of the relay, which needs the
 * state before each event it translates (a command appends up to two events).
 */
const REVISIONS_PER_POST = 4;

/**
 * The latest states this process saw of recently written or relayed posts, by stream and
 * revision, so that neither the command path nor the relay folds a stream it has just folded. A
 * state is a hint, not the truth: another replica may have appended since. The command path
 * appends with the revision the state carries, so a stale state fails the append and is read
 * again; the relay asks for the exact revision before the event it translates.
 */
@Injectable()
export class RecentPostStates {
  /** Per stream, its kept states by ascending revision; the map's order is the order of use. */
  private readonly states = new Map<string, ExistingPostState[]>();
  private readonly capacity = REMEMBERED_POSTS;

  /** The latest state kept of the stream. */
  latest(streamId: string): ExistingPostState | undefined {
    return this.states.get(streamId)?.at(-1);
  }

  /** The state of the stream at `revision` (after its event of that revision), if kept. */
  at(streamId: string, revision: number): ExistingPostState | undefined {
    return this.states.get(streamId)?.find((state) => state.revision === revision);
  }

  /** Keeps `state` among the stream's states (a post that does not exist is not kept). */
  remember(streamId: string, state: PostState): void {
    if (!state.exists) return;
    const kept = this.states.get(streamId) ?? [];
    const latest = kept.at(-1);
    if (latest === undefined || state.revision > latest.revision) kept.push(state);
    else placeAmongEarlier(kept, state);
    if (kept.length > REVISIONS_PER_POST) kept.shift();
    this.states.delete(streamId);
    this.states.set(streamId, kept);
    if (this.states.size > this.capacity) this.states.delete(this.states.keys().next().value!);
  }

  forget(streamId: string): void {
    this.states.delete(streamId);
  }
}

/** A state no newer than the latest kept (rare: callers go forward): replaces its revision's or takes its place in order. */
function placeAmongEarlier(kept: ExistingPostState[], state: ExistingPostState): void {
  const index = kept.findIndex((each) => each.revision >= state.revision);
  if (kept[index].revision === state.revision) kept[index] = state;
  else kept.splice(index, 0, state);
}
