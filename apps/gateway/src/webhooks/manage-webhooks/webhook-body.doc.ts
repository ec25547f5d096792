import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { describeWebhookEvents, WEBHOOK_EVENT_CHOICES } from '@app/contracts';

/* OpenAPI description of webhook settings. The webhook-dispatcher checks them. */
@ApiSchema({ name: 'WebhookBody' })
export class WebhookBodyDoc {
  @ApiPropertyOptional({ example: 'https://example.com/hooks/posts', description: 'required on create' })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_CHOICES, enumName: 'WebhookEventChoice', isArray: true, description: describeWebhookEvents() })
  events?: string[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Standard Webhooks signing secret; absent or null: generated on create, kept on update',
  })
  secret?: string | null;

  @ApiPropertyOptional({ default: true })
  active?: boolean;
}
