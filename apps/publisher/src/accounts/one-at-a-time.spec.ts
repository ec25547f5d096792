import { OneAtATime } from './one-at-a-time';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('OneAtATime', () => {
  it('runs the work of one key one after the other, even after a failure, and different keys side by side', async () => {
    const queue = new OneAtATime<number>();
    const log: string[] = [];
    const releases: Array<() => void> = [];
    const work = (name: string, fails = false) => () =>
      new Promise<string>((resolve, reject) => {
        log.push(`start ${name}`);
        releases.push(() => (fails ? reject(new Error(name)) : resolve(name)));
      });

    const first = queue.run(1, work('a1', true));
    const second = queue.run(1, work('a2'));
    const other = queue.run(2, work('b1'));
    await tick();
    expect(log).toEqual(['start a1', 'start b1']);

    releases.shift()!();
    await expect(first).rejects.toThrow('a1');
    await tick();
    expect(log).toEqual(['start a1', 'start b1', 'start a2']);
    releases.forEach((release) => release());
    await expect(Promise.all([second, other])).resolves.toEqual(['a2', 'b1']);
  });
});
