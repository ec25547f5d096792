import { evolve, foldPost } from './evolve';
import { initialPostState } from './post-state';
import { accountA, content, ev, history, LATER, NOW, original, POST_UUID, T0, WORKSPACE_UUID } from '../testing/post-fixtures';

describe('evolve', () => {
  it('starts at revision 0 with a draft', () => {
    expect(foldPost([ev.created()])).toEqual({
      exists: true,
      revision: 0,
      scheduledRevision: null,
      deleted: false,
      postUuid: POST_UUID,
      workspaceUuid: WORKSPACE_UUID,
      createdBy: 1,
      status: 'draft',
      versions: content().versions,
      accounts: content().accounts,
      tags: ['launch'],
      recycle: null,
      recycleQueue: null,
      recycledFrom: null,
      scheduledAt: null,
      publishedAt: null,
      createdAt: T0,
      updatedAt: T0,
      publications: {},
      metrics: {},
    });
  });

  it('counts the stream revision and remembers which PostScheduled the schedule comes from', () => {
    expect(foldPost(history.scheduled)).toMatchObject({ revision: 1, scheduledRevision: 1, status: 'scheduled', scheduledAt: LATER });
    const rescheduled = foldPost([...history.scheduled, ev.updated(), ev.scheduled(NOW, NOW)]);
    expect(rescheduled).toMatchObject({ revision: 3, scheduledRevision: 3, scheduledAt: NOW, updatedAt: NOW });
  });

  it('clears the schedule on update, on a request for approval and once publishing starts', () => {
    const edited = content({ kind: 'draft' }, { versions: [original], accounts: [accountA] });
    expect(foldPost([...history.scheduled, ev.updated(edited)])).toMatchObject({
      status: 'draft',
      scheduledAt: null,
      scheduledRevision: null,
      versions: [original],
      accounts: [accountA],
    });
    expect(foldPost(history.needsApproval)).toMatchObject({ status: 'needs_approval', scheduledAt: LATER, scheduledRevision: null });
    expect(foldPost(history.publishing)).toMatchObject({ status: 'publishing', scheduledRevision: null, scheduledAt: LATER });
  });

  it('sets publishedAt when the post is published', () => {
    expect(foldPost(history.published)).toMatchObject({ status: 'published', publishedAt: LATER, revision: 5 });
  });

  it('refuses events that cannot belong to one post stream', () => {
    expect(() => evolve(initialPostState, ev.scheduled())).toThrow('PostScheduled cannot apply before PostCreated');
    expect(() => foldPost([ev.created(), ev.created()])).toThrow('PostCreated cannot follow');
  });
});
