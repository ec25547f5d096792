import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { AttemptErrorKind, DeliveryView, WEBHOOK_EVENTS, WebhookEnvelope, WebhookEnvelopeAccount, WebhookEnvelopeAccountResult, WebhookEnvelopePost, WebhookEventName } from '@app/contracts';

/* OpenAPI description of a webhook's delivery log, as the webhook-dispatcher keeps it. */

type Attempt = DeliveryView['attempts'][number];
type EnvelopeAccount = WebhookEnvelopePost['accounts'][number];

@ApiSchema({ name: 'DeliveryAttempt' })
export class DeliveryAttemptDoc implements Attempt {
  @ApiProperty({ format: 'date-time' })
  at: string;

  @ApiProperty({ type: 'integer', nullable: true, example: 200, description: 'null when no answer came' })
  status_code: number | null;

  @ApiProperty({ type: 'integer', example: 87 })
  duration_ms: number;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'why the attempt failed, when it did' })
  error: string | null;

  @ApiProperty({
    enum: ['http_status', 'timeout', 'connection', 'address_refused'],
    enumName: 'AttemptErrorKind',
    nullable: true,
    description: 'why it failed: an answer outside 2xx, no answer within WEBHOOK_TIMEOUT_MS, no connection, or an address that is not public; null when it succeeded',
  })
  error_kind: AttemptErrorKind | null;

  @ApiProperty({ type: String, nullable: true, description: 'the start of the answer body (at most 1 KB)' })
  response: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the retry this failure led to is due; null when none followed' })
  next_retry_at: string | null;
}

/** What every account of an envelope says of itself. */
class EnvelopeAccountIdentityDoc {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ example: 'sandbox' })
  provider: string;

  @ApiProperty({ example: 'Acme on Sandbox' })
  name: string;
}

@ApiSchema({ name: 'WebhookEnvelopeAccount' })
class EnvelopeAccountDoc extends EnvelopeAccountIdentityDoc implements EnvelopeAccount {
  @ApiProperty({ type: String, nullable: true, example: 'https://sandbox.invalid/posts/sbx_1', description: 'the address of the post (its first content item) on the platform; null until published there' })
  external_url: string | null;
}

@ApiSchema({ name: 'WebhookEnvelopePost' })
class EnvelopePostDoc implements WebhookEnvelopePost {
  @ApiProperty({ format: 'uuid' })
  uuid: string;

  @ApiProperty({ example: 'published' })
  status: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  scheduled_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  published_at: string | null;

  @ApiProperty({ type: [EnvelopeAccountDoc] })
  accounts: EnvelopeAccountDoc[];
}

@ApiSchema({ name: 'WebhookEnvelopeEventAccount', description: 'the account an event is about: for `account.*`, its username; for `post.account_published` and `post.account_failed`, its result' })
class EnvelopeEventAccountDoc extends EnvelopeAccountIdentityDoc implements WebhookEnvelopeAccount, WebhookEnvelopeAccountResult {
  @ApiPropertyOptional({ type: String, nullable: true, example: 'acme', description: '`account.*` events' })
  username: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://sandbox.invalid/posts/sbx_1', description: '`post.account_*` events: where the post is on the platform; null when it failed' })
  external_url: string | null;

  @ApiPropertyOptional({ type: [String], description: "`post.account_*` events: the platform's messages when it failed" })
  errors: string[];
}

@ApiSchema({ name: 'WebhookEnvelope', description: 'the body POSTed to the webhook: `post`, `account`, `reason` and `expires_at` as the event carries them (see the catalogue of webhook events)' })
class WebhookEnvelopeDoc implements WebhookEnvelope {
  @ApiProperty({ enum: WEBHOOK_EVENTS, enumName: 'WebhookEvent' })
  event: WebhookEventName;

  @ApiProperty({ format: 'uuid' })
  workspace_uuid: string;

  @ApiPropertyOptional({ type: EnvelopePostDoc, description: 'events about a post' })
  post?: EnvelopePostDoc;

  @ApiPropertyOptional({ type: EnvelopeEventAccountDoc, description: '`account.*`, `post.account_published` and `post.account_failed`' })
  account?: EnvelopeEventAccountDoc;

  @ApiPropertyOptional({ example: 'The access token was revoked.', description: "`account.needs_reconnect`: the platform's words" })
  reason?: string;

  @ApiPropertyOptional({ format: 'date-time', description: '`account.token_expiring`: when the token expires' })
  expires_at?: string;

  @ApiProperty({ format: 'date-time' })
  timestamp: string;
}

@ApiSchema({ name: 'WebhookDelivery' })
export class DeliveryDoc implements DeliveryView {
  @ApiProperty({ format: 'uuid', description: 'sent as the webhook-id header of every attempt' })
  id: string;

  @ApiProperty({ type: 'integer', example: 1 })
  webhook_id: number;

  @ApiProperty({ enum: WEBHOOK_EVENTS, enumName: 'WebhookEvent' })
  event: string;

  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'], enumName: 'DeliveryStatus' })
  status: DeliveryView['status'];

  @ApiProperty({ type: [DeliveryAttemptDoc], description: 'oldest first' })
  attempts: DeliveryAttemptDoc[];

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the next attempt is due, while pending' })
  next_attempt_at: string | null;

  @ApiProperty({ type: WebhookEnvelopeDoc })
  payload: WebhookEnvelopeDoc;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}
