import { eventually, eventuallyPasses } from './eventually';

/** A value that turns up after `looks` looks. */
const turningUp = <T>(value: T, looks: number) => {
  let seen = 0;
  return { look: (): T | undefined => (++seen > looks ? value : undefined), looks: () => seen };
};

describe('eventually', () => {
  it('resolves with the first truthy value of a sync check, looking again until then', async () => {
    const row = { id: 7 };
    const probe = turningUp(row, 3);
    await expect(eventually(probe.look, 'the row', { intervalMs: 1 })).resolves.toBe(row);
    expect(probe.looks()).toBe(4);
  });

  it('waits for an async condition', async () => {
    let ready = false;
    setTimeout(() => (ready = true), 30);
    await expect(eventually(async () => ready, 'readiness', { timeoutMs: 1_000 })).resolves.toBe(true);
  });

  it('fails after the timeout, saying what it waited for and for how long', async () => {
    const started = Date.now();
    await expect(eventually(() => false, 'the first message to reach the handler', { timeoutMs: 50, intervalMs: 5 })).rejects.toThrow(
      'Timed out after 50 ms waiting for the first message to reach the handler',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('reads a description given as a function when it gives up, to tell the last state', async () => {
    let count = 0;
    const counting = () => (count++, 0);
    await expect(eventually(counting, () => `3 messages (got ${count})`, { timeoutMs: 20, intervalMs: 5 })).rejects.toThrow(/^Timed out after 20 ms waiting for 3 messages \(got \d+\)$/);
    expect(count).toBeGreaterThan(1);
  });

  it('ends at once when the check throws', async () => {
    let looks = 0;
    const broken = () => {
      looks += 1;
      throw new Error('no such table');
    };
    await expect(eventually(broken, 'a row', { timeoutMs: 1_000 })).rejects.toThrow('no such table');
    expect(looks).toBe(1);
  });
});

describe('eventuallyPasses', () => {
  it('retries an assertion until it passes, and resolves with what it returned', async () => {
    const probe = turningUp(['succeeded'], 2);
    const statuses = await eventuallyPasses(
      () => {
        const found = probe.look();
        expect(found).toEqual(['succeeded']);
        return found!;
      },
      { intervalMs: 1 },
    );
    expect(statuses).toEqual(['succeeded']);
    expect(probe.looks()).toBe(3);
  });

  it('fails after the timeout with the last failure of the assertion, saying how long it was tried', async () => {
    let attempts = 0;
    const failing = async () => expect(++attempts).toBe(0);
    const failure = await eventuallyPasses(failing, { timeoutMs: 30, intervalMs: 5 }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^Still failing after 30 ms: expect\(received\)\.toBe\(expected\)/);
    expect((failure as Error).message).toContain(`Received: ${attempts}`);
  });
});
