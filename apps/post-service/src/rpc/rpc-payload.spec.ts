import { ServiceError } from '@app/contracts';
import { AccountSnapshot, validatePostBody } from '@app/domain';
import { platformRules } from '@app/platforms';
import { parsePostActionRequest, parsePostContentRequest } from './rpc-payload';

const accounts: AccountSnapshot[] = [
  { id: 11, provider: 'tiktok', name: 'Acme on TikTok', username: 'acme' },
  { id: 12, provider: 'x', name: 'Acme on X', username: null },
];
const actor = { userId: 7, canApprove: false };
const ref = { workspaceUuid: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', postUuid: '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f' };

/** The input the gateway sends: its body read by the domain's validator, with every platform's rules. */
function gatewayInput(body: object) {
  const queue = { timezone: 'Europe/Paris', slots: [{ day: 'mon' as const, time: '09:00' }] };
  const result = validatePostBody(body, { accounts: new Map(accounts.map((account) => [account.id, account])), platforms: platformRules, now: new Date('2026-11-22T09:00:00Z'), queue });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.input;
}

const failureOf = (parse: () => unknown): ServiceError => {
  try {
    parse();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('parsed');
};

describe('the post requests the post-service reads', () => {
  const body = {
    versions: [
      { account_id: 0, is_original: true, content: [{ body: 'Launch day', media: [] }, { body: 'More in the thread', media: [] }] },
      { account_id: 11, is_original: false, content: [{ body: 'Launch day on TikTok', media: [] }], options: { tiktok: { privacy_level: 'SELF_ONLY' } } },
    ],
    accounts: [11, 12],
    tags: ['launch'],
  };
  /** Scheduled, the TikTok version needs its video. */
  const queued = { ...body, versions: [body.versions[0], { ...body.versions[1], content: [{ body: 'Launch day on TikTok', media: ['0b6f7d8e-1c2a-4e3b-9f40-5a6b7c8d9e0f'] }] }], queue: true };

  it.each([
    ['a draft', body],
    ['a draft that keeps a time', { ...body, scheduled_at: '2026-12-01T09:30:00+01:00' }],
    ['a queued post', queued],
  ])('reads %s as the gateway sent it, in process or as JSON', (_name, sent) => {
    const input = gatewayInput(sent);
    const request = { ...ref, actor, input };
    expect(parsePostContentRequest(request)).toEqual(request);
    expect(parsePostContentRequest(JSON.parse(JSON.stringify(request)))).toEqual(request);
  });

  it('carries each platform rule the gateway resolved, video limits too', () => {
    const { input } = parsePostContentRequest({ ...ref, actor, input: gatewayInput(body) });
    expect(input.platformRules?.[11]).toMatchObject({ provider: 'tiktok', video: { accepted: true } });
    expect(input.platformRules?.[12]).toMatchObject({ provider: 'x', contentItems: 'thread' });
  });

  it('leaves out a slot the caller chose for a queued post: the post-service picks it', () => {
    const input = gatewayInput(queued);
    const sent = { ...ref, actor, input: { ...input, intent: { ...input.intent, slotAt: '2026-11-23T08:00:00.000Z' } } };
    expect(parsePostContentRequest(sent).input.intent).toEqual(input.intent);
  });

  it.each([
    [null, 'payload must be an object'],
    [{ ...ref, actor }, 'input must be an object'],
    [{ ...ref, actor: { userId: '7', canApprove: true }, input: {} }, 'actor.userId must be a whole number of 0 or more'],
    [{ ...ref, actor, input: { versions: {}, accounts: [], tags: [], intent: { kind: 'draft' } } }, 'input.versions must be a list'],
    [{ ...ref, actor, input: { versions: [{ account_id: 0, is_original: true, content: [{ body: 1, media: [] }], options: {} }], accounts: [], tags: [], intent: { kind: 'draft' } } }, 'input.versions.0.content.0.body must be a text'],
    [{ ...ref, actor, input: { versions: [], accounts: [], tags: [], intent: { kind: 'later' } } }, 'input.intent.kind must be one of draft, schedule, schedule_kept_time, schedule_now, queue'],
    [{ ...ref, actor, input: { versions: [], accounts: [], tags: [], intent: { kind: 'schedule' } } }, 'input.intent.scheduledAt must be a text'],
    [{ ...ref, actor, input: { versions: [], accounts: [], tags: [], intent: { kind: 'queue', queue: { timezone: 'Mars/Olympus', slots: [] } } } }, 'input.intent.queue must be a posting queue'],
    [{ ...ref, actor, input: { versions: [], accounts: [], tags: [], intent: { kind: 'draft' }, platformRules: { x: gatewayInput(body).platformRules![12] } } }, 'input.platformRules must be keyed by account ids'],
  ])('answers %j with a bad request naming the field', (payload, reason) => {
    const failure = failureOf(() => parsePostContentRequest(payload));
    expect({ kind: failure.kind, message: failure.message }).toEqual({ kind: 'bad_request', message: `Malformed request: ${reason}.` });
  });

  it('reads an approval or a deletion: the post and who asks', () => {
    expect(parsePostActionRequest({ ...ref, actor, extra: true })).toEqual({ ...ref, actor });
    expect(failureOf(() => parsePostActionRequest({ ...ref, actor, postUuid: '' })).message).toBe('Malformed request: postUuid must be a text.');
  });

  it('carries the revisions the caller read the post at (If-Match) with an update, an approval or a deletion', () => {
    expect(parsePostActionRequest({ ...ref, actor, expectedRevisions: [3, 4] })).toEqual({ ...ref, actor, expectedRevisions: [3, 4] });
    const update = { ...ref, actor, input: gatewayInput(body), expectedRevisions: [0] };
    expect(parsePostContentRequest(JSON.parse(JSON.stringify(update)))).toEqual(update);
    expect(failureOf(() => parsePostActionRequest({ ...ref, actor, expectedRevisions: ['3'] })).message).toBe('Malformed request: expectedRevisions.0 must be a whole number of 0 or more.');
  });
});
