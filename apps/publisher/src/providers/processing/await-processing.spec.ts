import { awaitProcessing, ProcessingCheck } from './await-processing';

const checks = <T>(answers: ProcessingCheck<T>[]) => {
  const calls: number[] = [];
  return {
    calls,
    check: async () => {
      calls.push(Date.now());
      return answers[Math.min(calls.length - 1, answers.length - 1)];
    },
  };
};

describe('awaitProcessing', () => {
  it('checks until the platform is done, and answers what it made', async () => {
    const { calls, check } = checks<string>([{ kind: 'processing', status: 'IN_PROGRESS' }, { kind: 'processing', status: 'IN_PROGRESS' }, { kind: 'done', value: 'media-1' }]);
    expect(await awaitProcessing('Instagram', check, Date.now(), { timeoutMs: 5_000, intervalMs: 5 })).toBe('media-1');
    expect(calls).toHaveLength(3);
  });

  it('ends with a failure the platform answered, without checking again', async () => {
    const { calls, check } = checks<string>([{ kind: 'processing', status: 'IN_PROGRESS' }, { kind: 'rejected', message: 'The video could not be processed.' }]);
    expect(await awaitProcessing('Instagram', check, Date.now(), { timeoutMs: 5_000, intervalMs: 5 })).toEqual({ kind: 'rejected', message: 'The video could not be processed.' });
    expect(calls).toHaveLength(2);
  });

  it('fails with the last status once processing outlives the timeout, counted from when it began', async () => {
    const { check } = checks<string>([{ kind: 'processing', status: 'IN_PROGRESS' }]);
    const began = Date.now() - 120_000;
    expect(await awaitProcessing('TikTok', check, began, { timeoutMs: 120_000, intervalMs: 5 })).toEqual({
      kind: 'rejected',
      message: 'TikTok was still processing the media after 2 minutes (its last status: IN_PROGRESS).',
    });
  });
});
