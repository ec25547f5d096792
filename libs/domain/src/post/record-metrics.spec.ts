import { PostCommand } from './post-commands';
import { postMetricsOf } from '../analytics/post-metrics';
import { givenPost } from '../testing/post-decider-specification';
import { accountA, accountB, ev, history, LATER, NOW } from '../testing/post-fixtures';

const figures = postMetricsOf({ likes: 4, replies: 1, views: 30 });
const recordMetrics = (accountId: number, point = '60m', metrics = figures): PostCommand => ({ type: 'RecordMetrics', now: NOW, accountId, point, metrics, collectedAt: NOW });
const collected = (accountId: number, point = '60m', metrics = figures) => ({ type: 'MetricsCollected' as const, data: { accountId, point, metrics, collectedAt: NOW } });

describe('RecordMetrics', () => {
  it('records the figures of an account the post is published on, leaving the post as it was', () => {
    givenPost(...history.published).when(recordMetrics(accountA.id)).then([collected(accountA.id)]);
    givenPost(...history.published)
      .when(recordMetrics(accountA.id))
      .thenState((state) => expect(state).toMatchObject({ status: 'published', updatedAt: LATER, metrics: { [accountA.id]: { metrics: figures, collectedAt: NOW, points: ['60m'] } } }));
  });

  it('records each point once: a repeated point (a redelivery, a reading made again after a crash) adds nothing', () => {
    givenPost(...history.published, collected(accountA.id)).when(recordMetrics(accountA.id, '60m', postMetricsOf({ likes: 9 }))).then([]);
    givenPost(...history.published, collected(accountA.id)).when(recordMetrics(accountA.id, '1440m')).then([collected(accountA.id, '1440m')]);
  });

  it('records nothing for an account that has not published the post, nor for a deleted post', () => {
    givenPost(...history.failed).when(recordMetrics(accountB.id)).then([]);
    givenPost(...history.scheduled).when(recordMetrics(accountA.id)).then([]);
    givenPost(...history.failed, ev.deleted()).when(recordMetrics(accountA.id)).then([]);
  });
});
