import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { WEBHOOK_EVENTS, WebhookView } from '@app/contracts';

/* OpenAPI description of webhook settings as the webhook-dispatcher returns them. */

@ApiSchema({ name: 'Webhook' })
export class WebhookDoc implements WebhookView {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ format: 'uri', example: 'https://example.com/hooks/posts' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, enumName: 'WebhookEvent', isArray: true, description: 'empty: every event' })
  events: string[];

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Standard Webhooks signing secret (generated when none was given)',
  })
  secret: string | null;

  @ApiProperty()
  active: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}
