type Answer = { status: number; body?: unknown };

/** The metrics of a member's post (Member Post Statistics: `queryType`). */
export const MEMBER_POST_METRICS = ['IMPRESSION', 'MEMBERS_REACHED', 'RESHARE', 'REACTION', 'COMMENT'] as const;
export type MemberPostMetric = (typeof MEMBER_POST_METRICS)[number];

const error = (status: number, message: string, code?: string): Answer => ({ status, body: { status, ...(code ? { code } : {}), message } });

/** The entity of a single post, Rest.li 2.0 style: `(share:urn:li:share:1)` or `(ugc:urn:li:ugcPost:1)` (its URN encoded in the address). */
const ENTITY = /^\((share|ugc):(urn:li:(?:share|ugcPost):\d+)\)$/;

/**
 * LinkedIn's Member Post Statistics (`GET /rest/memberCreatorPostAnalytics`, versioned; permission
 * `r_member_postAnalytics`) as its reference documents it, for one post of the member: the `entity`
 * finder (`q=entity`, `entity=(share:<urn>)` or `(ugc:<urn>)`), one `queryType` a call, and
 * `aggregation=TOTAL`. The answer's `elements` hold one `{count, metricType, targetEntity}`. A post
 * that is not there is a 404; another member's, a 403.
 */
export class LinkedInPostAnalytics {
  /** The counts of each post, by its URN; every count 0 until a test sets it. */
  readonly counts = new Map<string, Partial<Record<MemberPostMetric, number>>>();

  constructor(private readonly authorOf: (urn: string) => string | undefined) {}

  /** The answer to a call of the statistics, or null when the call is not one. */
  answer(method: string, url: URL, member: string): Answer | null {
    if (method !== 'GET' || url.pathname !== '/rest/memberCreatorPostAnalytics') return null;
    const query = url.searchParams;
    if (query.get('q') !== 'entity') return error(400, 'Invalid query parameters passed to request', 'ILLEGAL_ARGUMENT');
    const entity = ENTITY.exec(query.get('entity') ?? '');
    const metric = query.get('queryType') as MemberPostMetric | null;
    if (!entity || !metric || !MEMBER_POST_METRICS.includes(metric) || query.get('aggregation') !== 'TOTAL') return error(400, 'Invalid query parameters passed to request', 'ILLEGAL_ARGUMENT');
    const [, kind, urn] = entity;
    const author = this.authorOf(urn);
    if (author === undefined) return error(404, `Post ${urn} not found`, 'NOT_FOUND');
    if (author !== member) return error(403, 'Not enough permissions to access: memberCreatorPostAnalytics.FINDER-entity', 'ACCESS_DENIED');
    const count = this.counts.get(urn)?.[metric] ?? 0;
    return { status: 200, body: { paging: { start: 0, count: 10, links: [] }, elements: [{ count, metricType: metric, targetEntity: { [kind]: urn } }] } };
  }
}
