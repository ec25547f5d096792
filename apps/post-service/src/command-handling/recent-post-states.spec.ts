import { decide, ExistingPostState, foldPost, PostEvent } from '@app/domain';
import { approver, content, createPost, updatePost } from '@app/domain/testing';
import { RecentPostStates } from './recent-post-states';

/** The states after each event of a draft edited `edits` times after its creation. */
function statesOfAPostEdited(edits: number): ExistingPostState[] {
  let events: PostEvent[] = decide(createPost(approver, content()), foldPost([]));
  for (let edit = 0; edit < edits; edit++) {
    events = [...events, ...decide(updatePost(approver, content({ kind: 'draft' }, { tags: [`edit-${edit}`] })), foldPost(events))];
  }
  return events.map((_, index) => foldPost(events.slice(0, index + 1)) as ExistingPostState);
}

describe('RecentPostStates', () => {
  const stream = 'post-1';

  it('keeps the latest four states of a stream by revision, in order', () => {
    const states = new RecentPostStates();
    const each = statesOfAPostEdited(5);
    each.forEach((state) => states.remember(stream, state));
    expect(states.latest(stream)).toBe(each.at(-1));
    expect(states.at(stream, each.at(-1)!.revision)).toBe(each.at(-1));
    expect(states.at(stream, each.at(-4)!.revision)).toBe(each.at(-4));
    expect(states.at(stream, each.at(-5)!.revision)).toBeUndefined();
  });

  it('places an earlier state in order and replaces a state of the same revision', () => {
    const states = new RecentPostStates();
    const [first, second, third] = statesOfAPostEdited(2);
    states.remember(stream, third);
    states.remember(stream, first);
    expect(states.latest(stream)).toBe(third);
    expect(states.at(stream, first.revision)).toBe(first);
    const sameRevision = { ...second };
    states.remember(stream, second);
    states.remember(stream, sameRevision);
    expect(states.at(stream, second.revision)).toBe(sameRevision);
    expect(states.latest(stream)).toBe(third);
  });

  it('keeps no state of a post that does not exist, and forgets a stream on demand', () => {
    const states = new RecentPostStates();
    states.remember(stream, foldPost([]));
    expect(states.latest(stream)).toBeUndefined();
    states.remember(stream, statesOfAPostEdited(0)[0]);
    states.forget(stream);
    expect(states.latest(stream)).toBeUndefined();
  });

  it('drops the least recently used stream past its capacity', () => {
    const states = new RecentPostStates();
    const [state] = statesOfAPostEdited(0);
    for (let post = 0; post <= 10_000; post++) states.remember(`post-${post}`, state);
    expect(states.latest('post-0')).toBeUndefined();
    expect(states.latest('post-1')).toBe(state);
    expect(states.latest('post-10000')).toBe(state);
  });
});
