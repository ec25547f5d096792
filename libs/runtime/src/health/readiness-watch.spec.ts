import { ReadinessWatch } from './readiness-watch';

describe('ReadinessWatch', () => {
  let now: number;
  let watch: ReadinessWatch;

  beforeEach(() => {
    now = 1_000_000;
    watch = new ReadinessWatch({ loopStaleMs: 60_000, now: () => now });
  });

  describe('loops', () => {
    it('counts a loop as having turned when it is first watched, and stalled a minute later without a beat', () => {
      watch.loop('webhook delivery worker');
      now += 60_000;
      expect(watch.stalledLoops()).toEqual([]);
      now += 1;
      expect(watch.stalledLoops()).toEqual(['Loop "webhook delivery worker" has not turned for 60 s (allowed 60 s)']);
    });

    it('lets a loop that beats at each wake-up sleep as long as it said, plus the allowance, while idle', () => {
      const loop = watch.loop('scheduler timer firing');
      for (let round = 0; round < 5; round++) {
        now += 30_000;
        loop.beat(30_000);
        expect(watch.stalledLoops()).toEqual([]);
      }
      now += 90_000;
      expect(watch.stalledLoops()).toEqual([]);
      now += 1;
      expect(watch.stalledLoops()).toEqual(['Loop "scheduler timer firing" has not turned for 90 s: it meant to turn again within 30 s (allowed 60 s past that)']);
    });

    it('is ready again once a stalled loop beats, and forgets a loop that ended', () => {
      const relay = watch.loop('post-events relay');
      const watchdog = watch.loop('publishing watchdog');
      now += 120_000;
      expect(watch.stalledLoops()).toHaveLength(2);
      relay.beat(1_000);
      watchdog.end();
      expect(watch.stalledLoops()).toEqual([]);
    });

    it('names each stalled loop', () => {
      watch.loop('one');
      const two = watch.loop('two');
      watch.loop('three');
      now += 61_000;
      two.beat();
      expect(watch.stalledLoops().map((problem) => problem.split(' has ')[0])).toEqual(['Loop "one"', 'Loop "three"']);
    });
  });

  describe('consumer group members', () => {
    const publisher = { groupId: 'publisher', topics: ['post-events'], sessionTimeoutMs: 6_000 };

    it('gives a member its session timeout to join, then names its group, topics and how long it has been out', () => {
      watch.watch(publisher);
      now += 6_000;
      expect(watch.absentMembers()).toEqual([]);
      now += 1_500;
      expect(watch.absentMembers()).toEqual([
        'Consumer group publisher (post-events) has not been a member of its group for 7.5 s (session timeout 6.0 s): joining its group',
      ]);
    });

    it('is ready while a joined member is answered by its coordinator, and not once it has gone unanswered longer than its session timeout', () => {
      const member = watch.watch(publisher);
      member.joined({ 'post-events': [0, 1] });
      for (let beat = 0; beat < 10; beat++) {
        now += 2_000;
        member.answered();
      }
      expect(watch.absentMembers()).toEqual([]);
      now += 6_001;
      expect(watch.absentMembers()).toEqual(['Consumer group publisher (post-events) has had no answer from its group coordinator for 6.0 s (session timeout 6.0 s)']);
      member.answered();
      expect(watch.absentMembers()).toEqual([]);
    });

    it('counts a joined member with no partitions (a fifth replica on a four-partition topic) as in its group', () => {
      const idle = watch.watch(publisher);
      idle.joined({ 'post-events': [] });
      now += 3_000;
      idle.answered();
      now += 5_000;
      expect(watch.absentMembers()).toEqual([]);
    });

    it('counts from when a member left its group, however many reports follow, and says the last two', () => {
      const member = watch.watch(publisher);
      member.joined({ 'post-events': [0] });
      now += 1_000;
      member.out('stopped');
      now += 2_000;
      member.out('disconnected');
      member.out('crashed (Connection error: connect ECONNREFUSED 127.0.0.1:9092)');
      member.answered();
      now += 3_000;
      member.out('connected, joining its group');
      member.out('connected, joining its group');
      expect(watch.absentMembers()).toEqual([]);
      now += 1_001;
      expect(watch.absentMembers()).toEqual([
        'Consumer group publisher (post-events) has not been a member of its group for 6.0 s (session timeout 6.0 s): ' +
          'crashed (Connection error: connect ECONNREFUSED 127.0.0.1:9092), then connected, joining its group',
      ]);
    });

    it('is ready again once the member joins, and forgets a member that ended', () => {
      const member = watch.watch(publisher);
      const replies = watch.watch({ groupId: 'rpc.replies.gateway-1', topics: ['rpc.replies.gateway-1'], sessionTimeoutMs: 30_000 });
      member.out('rebalancing');
      now += 31_000;
      expect(watch.absentMembers()).toHaveLength(2);
      member.joined({ 'post-events': [3] });
      replies.ended();
      expect(watch.absentMembers()).toEqual([]);
    });
  });
});
