import { POST_METRIC_NAMES, postMetricsOf } from './post-metrics';

describe('postMetricsOf', () => {
  it('names every figure: a 0 the platform reported stays 0, a figure it did not report is null', () => {
    expect(postMetricsOf({ likes: 0, replies: 4 })).toEqual({ impressions: null, likes: 0, replies: 4, reposts: null, quotes: null, saves: null, clicks: null, views: null });
    expect(Object.keys(postMetricsOf({}))).toEqual([...POST_METRIC_NAMES]);
  });

  it('takes no figure that is not a whole count of zero or more (a rate, a negative, text, a number beyond exact integers)', () => {
    expect(postMetricsOf({ impressions: 0.18, likes: -1, replies: '3', reposts: Number.NaN, quotes: 2 ** 53, saves: null })).toEqual(postMetricsOf({}));
  });
});
