import { Answer, pinterestError } from './pinterest-media-api';
import type { Pin } from './pinterest-pins-api';

/** The metric types of a Pin (API v5 reference, `metric_types` of Pin analytics); the video ones for video Pins only. */
const STANDARD = ['IMPRESSION', 'OUTBOUND_CLICK', 'PIN_CLICK', 'SAVE', 'SAVE_RATE', 'TOTAL_COMMENTS', 'TOTAL_REACTIONS', 'USER_FOLLOW', 'PROFILE_VISIT'];
const VIDEO = ['VIDEO_MRC_VIEW', 'VIDEO_10S_VIEW', 'QUARTILE_95_PERCENT_VIEW', 'VIDEO_V50_WATCH_TIME', 'VIDEO_START', 'VIDEO_AVG_WATCH_TIME'];
/** The metrics Pinterest gives as the Pin's lifetime counts rather than per day. */
const LIFETIME = new Set(['TOTAL_COMMENTS', 'TOTAL_REACTIONS']);
/** How far back `start_date` may be. */
const WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

const INVALID = pinterestError(400, 400, 'Invalid pins analytics parameters.');
const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * `GET /v5/pins/{pin_id}/analytics` as the API v5 reference documents it: `start_date` and
 * `end_date` (UTC days, the start at most 90 days back, the end not before it), `metric_types`
 * (required), `app_types` and `split_field` (`NO_SPLIT`); for the Pin's owner, else 404 "Pin not
 * found.". The answer is `{all: {daily_metrics, summary_metrics, lifetime_metrics}}`: each day of
 * the range since the Pin was created, the figures a test set counted on the last day, their sums
 * over the range, and the comments and reactions as lifetime counts.
 */
export class PinterestPinAnalytics {
  /** What people did with each Pin, by metric type; every figure 0 until a test sets it. */
  readonly figures = new Map<string, Partial<Record<string, number>>>();

  constructor(private readonly pins: () => readonly Pin[]) {}

  answer(ownerId: string, pinId: string, query: URLSearchParams, now = new Date()): Answer {
    const pin = this.pins().find((found) => found.id === pinId && found.ownerId === ownerId);
    if (!pin) return pinterestError(404, 404, 'Pin not found.');
    const [start, end] = [query.get('start_date') ?? '', query.get('end_date') ?? ''];
    const dated = /^\d{4}-\d{2}-\d{2}$/;
    if (!dated.test(start) || !dated.test(end) || end < start || start < utcDay(new Date(now.getTime() - WINDOW_DAYS * DAY_MS)) || end > utcDay(now)) return INVALID;
    const types = (query.get('metric_types') ?? '').split(',').filter(Boolean);
    const allowed = pin.mediaType === 'video' ? [...STANDARD, ...VIDEO] : STANDARD;
    if (types.length === 0 || types.some((type) => !allowed.includes(type))) return INVALID;
    if (!['ALL', null].includes(query.get('app_types')) || !['NO_SPLIT', null].includes(query.get('split_field'))) return INVALID;
    const figures = this.figures.get(pin.id) ?? {};
    const daily = types.filter((type) => !LIFETIME.has(type));
    const days: string[] = [];
    for (let day = new Date(`${start > utcDay(pin.createdAt) ? start : utcDay(pin.createdAt)}T00:00:00Z`); utcDay(day) <= end; day = new Date(day.getTime() + DAY_MS)) days.push(utcDay(day));
    const dailyMetrics = days.map((date, index) => ({
      data_status: 'READY',
      date,
      metrics: Object.fromEntries(daily.map((type) => [type, index === days.length - 1 ? (figures[type] ?? 0) : 0])),
    }));
    return {
      status: 200,
      body: {
        all: {
          daily_metrics: dailyMetrics,
          summary_metrics: Object.fromEntries(daily.map((type) => [type, days.length > 0 ? (figures[type] ?? 0) : 0])),
          lifetime_metrics: Object.fromEntries(types.filter((type) => LIFETIME.has(type)).map((type) => [type, figures[type] ?? 0])),
        },
      },
    };
  }
}
