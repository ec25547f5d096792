import type { PostEventMessage } from '@app/contracts';
import { PostEvent } from '@app/domain';
import type { ExistingPostState } from '../post-view/to-post-view';
import { projectPostEvent } from './project-post-event';

const POST = '0b6f7d8e-1c2a-4e3b-9f40-5a6b7c8d9e0f';
const WORKSPACE = '7e1d2c3b-4a59-4687-b9c0-d1e2f3a4b5c6';
const original = { account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }], options: {} };
const account = { id: 11, provider: 'sandbox', name: 'A', username: 'a' };

const history: PostEvent[] = [
  {
    type: 'PostCreated',
    data: { postUuid: POST, workspaceUuid: WORKSPACE, createdBy: 1, versions: [original], accounts: [account], tags: [], at: '2026-11-22T09:00:00.000Z' },
  },
  { type: 'PostScheduled', data: { scheduledAt: '2026-11-22T12:00:00.000Z', at: '2026-11-22T09:00:00.000Z' } },
  { type: 'PostDeleted', data: { deletedBy: 1, at: '2026-11-22T10:00:00.000Z' } },
];

const message = (revision: number): PostEventMessage => ({
  ...history[revision],
  eventId: `00000000-0000-4000-8000-00000000000${revision}`,
  postUuid: POST,
  revision,
  position: 100 + revision,
  recordedAt: '2026-11-22T09:00:00.000Z',
});

/** Projects the events in order, as the consumer would, and returns the state the row ends with. */
function projectAll(revisions: number[]): ExistingPostState | null {
  let state: ExistingPostState | null = null;
  for (const revision of revisions) {
    const step = projectPostEvent(state, message(revision));
    if (step.kind === 'apply') state = step.row.state;
  }
  return state;
}

describe('projectPostEvent', () => {
  it('creates the row from the first event of a post', () => {
    const step = projectPostEvent(null, message(0));
    expect(step.kind).toBe('apply');
    if (step.kind !== 'apply') return;
    expect(step.row).toMatchObject({ workspaceUuid: WORKSPACE, deleted: false, revision: 0 });
    expect(step.row.view).toMatchObject({ uuid: POST, status: 'draft', scheduled_at: null, accounts: [{ id: 11, external_url: null, errors: [] }] });
  });

  it('applies the next revision with the domain evolve', () => {
    const step = projectPostEvent(projectAll([0]), message(1));
    expect(step.kind === 'apply' && step.row).toMatchObject({ revision: 1, view: { status: 'scheduled', scheduled_at: '2026-11-22T12:00:00.000Z' } });
  });

  it('ignores a redelivered or older event', () => {
    const state = projectAll([0, 1]);
    expect(projectPostEvent(state, message(1))).toEqual({ kind: 'already_applied' });
    expect(projectPostEvent(state, message(0))).toEqual({ kind: 'already_applied' });
  });

  it('reports a gap instead of skipping events', () => {
    expect(projectPostEvent(null, message(1))).toEqual({ kind: 'gap', nextRevision: 0 });
    expect(projectPostEvent(projectAll([0]), message(2))).toEqual({ kind: 'gap', nextRevision: 1 });
  });

  it('marks a deleted post as deleted at its last revision', () => {
    const step = projectPostEvent(projectAll([0, 1]), message(2));
    expect(step.kind === 'apply' && step.row).toMatchObject({ deleted: true, revision: 2, view: { updated_at: '2026-11-22T10:00:00.000Z' } });
  });

  it('ends in the same state whatever duplicates arrive', () => {
    expect(projectAll([0, 0, 1, 0, 1, 2, 2])).toEqual(projectAll([0, 1, 2]));
  });

  it('works on state that went through JSON, as the row stores it', () => {
    const stored = JSON.parse(JSON.stringify(projectAll([0, 1]))) as ExistingPostState;
    const step = projectPostEvent(stored, message(2));
    expect(step.kind === 'apply' && step.row.state).toEqual(projectAll([0, 1, 2]));
  });
});
