import { startPublishingCommand } from './start-publishing-command';

const now = new Date('2026-11-22T10:00:00.000Z');
const inMs = (ms: number) => new Date(now.getTime() + ms);

describe('startPublishingCommand', () => {
  const timer = { postUuid: '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f', dueAt: now, scheduledRevision: 3 };

  it('names the schedule it fires for', () => {
    expect(startPublishingCommand(timer, inMs(20))).toEqual({
      commandId: 'start-publishing:5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f:3',
      type: 'StartPublishing',
      postUuid: timer.postUuid,
      scheduledRevision: 3,
      sentAt: '2026-11-22T10:00:00.020Z',
    });
  });

  it('keeps its id when sent again, and changes it for another schedule', () => {
    expect(startPublishingCommand(timer, inMs(5_000)).commandId).toBe(startPublishingCommand(timer, now).commandId);
    expect(startPublishingCommand({ ...timer, scheduledRevision: 7 }, now).commandId).not.toBe(startPublishingCommand(timer, now).commandId);
  });
});
