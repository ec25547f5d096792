import { FieldMessages } from '@app/domain';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID, Matches } from 'class-validator';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from '@app/contracts';
import { OneOf } from '../../http/validation';
import { MustBeDate } from '../webhook-actions/webhook-actions.dto';

/** The query of a delivery log: how many, and filters that each narrow it. */
export class DeliveryFiltersDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 50, description: 'how many deliveries; the dispatcher caps it at 200' })
  @IsOptional()
  @Matches(/^[1-9]\d{0,5}$/, { message: FieldMessages.integer('limit') })
  limit?: string;

  @ApiPropertyOptional({ enum: DELIVERY_STATUSES, enumName: 'DeliveryStatus' })
  @IsOptional()
  @OneOf(DELIVERY_STATUSES)
  status?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, enumName: 'WebhookEvent' })
  @IsOptional()
  @OneOf(WEBHOOK_EVENTS)
  event?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'created at or after this instant (ISO 8601)' })
  @IsOptional()
  @MustBeDate('since')
  since?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'created at or before this instant (ISO 8601)' })
  @IsOptional()
  @MustBeDate('until')
  until?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'deliveries about this post' })
  @IsOptional()
  @IsUUID('all', { message: 'The post_uuid field must be a valid UUID.' })
  post_uuid?: string;
}
