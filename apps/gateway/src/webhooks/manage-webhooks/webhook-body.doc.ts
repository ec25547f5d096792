import { ApiPropertyOptional } from '@nestjs/swagger';
import { WEBHOOK_EVENTS } from '@app/contracts';

/* OpenAPI description of webhook settings. The webhook-dispatcher checks them. */
export class WebhookBodyDoc {
  @ApiPropertyOptional({ example: 'https://example.com/hooks/posts', description: 'required on create' })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true, description: 'empty or absent: every event' })
  events?: string[];

  @ApiPropertyOptional({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', nullable: true, description: 'Standard Webhooks signing secret' })
  secret?: string | null;

  @ApiPropertyOptional({ default: true })
  active?: boolean;
}
