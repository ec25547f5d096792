import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './api-schema';

export type { components, operations, paths } from './api-schema';
export { OAUTH_ERROR_CODES, type OAuthErrorCode } from './oauth-error-codes';
/** How each platform counts a text (a platform's `text.counting`), the very code the server's checks run. */
/** The catalogue of webhook events (name, when, body), the very list the server checks a webhook's `events` against. */
export { ALL_WEBHOOK_EVENTS, DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENT_CATALOGUE, WEBHOOK_EVENTS } from '../../contracts/src/webhook-event-catalogue';
export { countText, cutTextAt, graphemesOf, type CountedCut, type TextCounting } from '../../domain/src/fields/text-counting';

/**
 * The API's client for programs (the dashboard, the end-to-end suites, any TypeScript program):
 * every path, parameter, body and answer typed from the OpenAPI document (docs/openapi.json, whose
 * types `npm run openapi` writes to api-schema.ts), over openapi-fetch, a fetch wrapper of a few KB.
 *
 * ```ts
 * const api = createApiClient({ baseUrl: 'http://localhost:3000', headers: { authorization: `Bearer ${token}` } });
 * const { data, error } = await api.GET('/api/{workspaceUuid}/posts/{postUuid}', { params: { path: { workspaceUuid, postUuid } } });
 * ```
 */
export type ApiClient = Client<paths>;

export const createApiClient = (options: ClientOptions = {}): ApiClient => createClient<paths>(options);

/** The API's schemas by name: `Schemas['Post']`. */
export type Schemas = components['schemas'];

/* The resources by the names the API reference gives them. */
export type Post = Schemas['Post'];
export type PostStatus = Schemas['PostStatus'];
export type PostAccount = Schemas['PostAccount'];
export type PostVersion = Schemas['PostVersion'];
export type PostBody = Schemas['PostBody'];
export type PostPage = Schemas['PostPage'];
export type PostHistoryEntry = Schemas['PostHistoryEntry'];
export type ReviewNote = Schemas['ReviewNote'];
export type PostPreview = Schemas['PostPreview'];
export type PreviewLink = Schemas['PreviewLink'];
export type MadePreviewLink = Schemas['MadePreviewLink'];
export type Feed = Schemas['Feed'];
export type Account = Schemas['Account'];
export type Workspace = Schemas['Workspace'];
export type WorkspaceMember = Schemas['WorkspaceMember'];
export type Me = Schemas['MeDoc'];
export type Webhook = Schemas['Webhook'];
export type WebhookEvent = Schemas['WebhookEvent'];
/** What a webhook's `events` may hold: an event, or `"*"` for all. */
export type WebhookEventChoice = Schemas['WebhookEventChoice'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type DeliveryAttempt = Schemas['DeliveryAttempt'];
export type User = Schemas['User'];
export type Token = Schemas['Token'];
export type TokenSummary = Schemas['TokenSummary'];
export type Media = Schemas['Media'];
export type PostingQueue = Schemas['PostingQueue'];
export type QueueSlot = Schemas['QueueSlot'];
export type DeadLetter = Schemas['DeadLetterDoc'];
export type Pipeline = Schemas['Pipeline'];
export type PostMetrics = Schemas['PostMetrics'];
export type PostMetricsEntry = Schemas['PostMetricsEntry'];
export type AnalyticsDay = Schemas['AnalyticsDay'];
export type BestTimes = Schemas['BestTimes'];
export type AccountBestTimes = Schemas['AccountBestTimes'];
export type BestTime = Schemas['BestTime'];
/** A 422's field errors: field path -> messages. */
export type FieldErrors = Schemas['ValidationError']['errors'];
