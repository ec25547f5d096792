import { Injectable } from '@nestjs/common';
import { PostState } from '@app/domain';

/** Posts whose latest state is kept: about the posts a burst of due posts keeps in play at once. */
const REMEMBERED_POSTS = 10_000;

/**
 * The latest state this process saw of recently written or relayed posts, by stream, so that
 * neither the command path nor the relay folds a stream it has just folded. A state is a hint, not
 * the truth: another replica may have appended since. The command path appends with the revision
 * the state carries, so a stale state fails the append and is read again; the relay uses a state
 * only when its revision is the one just before the event it translates.
 */
@Injectable()
export class RecentPostStates {
  private readonly states = new Map<string, PostState>();
  private readonly capacity = REMEMBERED_POSTS;

  get(streamId: string): PostState | undefined {
    return this.states.get(streamId);
  }

  /** Keeps `state` as the stream's latest, unless a later one is kept already (a post that does not exist is not kept). */
  remember(streamId: string, state: PostState): void {
    if (!state.exists) return;
    const kept = this.states.get(streamId);
    if (kept?.exists && kept.revision > state.revision) return;
    this.states.delete(streamId);
    this.states.set(streamId, state);
    if (this.states.size > this.capacity) this.states.delete(this.states.keys().next().value!);
  }

  forget(streamId: string): void {
    this.states.delete(streamId);
  }
}
