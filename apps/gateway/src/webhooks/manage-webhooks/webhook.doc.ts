import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { describeWebhookEvents, WEBHOOK_EVENT_CHOICES, WebhookView } from '@app/contracts';

/* OpenAPI description of webhook settings as the webhook-dispatcher returns them. */

@ApiSchema({ name: 'Webhook' })
export class WebhookDoc implements WebhookView {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ format: 'uri', example: 'https://example.com/hooks/posts', description: 'for viewers only its origin (`https://example.com`): a path or a query may hold credentials' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_CHOICES, enumName: 'WebhookEventChoice', isArray: true, description: describeWebhookEvents() })
  events: string[];

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Standard Webhooks signing secret (generated when none was given); null for members and viewers: only workspace admins see it',
  })
  secret: string | null;

  @ApiProperty({ description: 'false also when the service disabled it (see disabled_at)' })
  active: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'until then the secret before the last rotation signs every delivery too' })
  previous_secret_expires_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the service set the webhook inactive; null once it is active again' })
  disabled_at: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'The endpoint answered 410 Gone.', description: 'why the service set it inactive' })
  disabled_reason: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the newest delivery was queued' })
  last_delivery_at: string | null;

  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'], enumName: 'DeliveryStatus', nullable: true, description: 'the status of the newest delivery' })
  last_delivery_status: WebhookView['last_delivery_status'];

  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 1, example: 0.98, description: 'share of the attempts of the last 24 hours that got a 2xx; null without attempts' })
  success_rate_24h: number | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}
