import { FieldMessages } from '@app/domain';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, Max, Min } from 'class-validator';
import { SECRET_GRACE_SECONDS, WEBHOOK_EVENTS } from '@app/contracts';
import { MustBeBoolean, MustBeInteger, MustBeString, OneOf, Required } from '../../http/validation';

const MAX_GRACE_SECONDS = SECRET_GRACE_SECONDS.max;
const GRACE_RANGE = `The grace_seconds field must be between 0 and ${MAX_GRACE_SECONDS}.`;
export const MustBeDate = (field: string) => IsISO8601({ strict: true }, { message: FieldMessages.date(field) });

export class RotateSecretDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_GRACE_SECONDS,
    default: SECRET_GRACE_SECONDS.default,
    description: 'how long the old secret keeps signing beside the new one (both signatures in `webhook-signature`); 0: not at all',
  })
  @IsOptional()
  @MustBeInteger()
  @Min(0, { message: GRACE_RANGE })
  @Max(MAX_GRACE_SECONDS, { message: GRACE_RANGE })
  grace_seconds?: number | null;
}

export class TestWebhookDto {
  @ApiProperty({ enum: WEBHOOK_EVENTS, enumName: 'WebhookEvent', description: 'the event whose sample envelope is sent' })
  @Required()
  @MustBeString()
  @OneOf(WEBHOOK_EVENTS)
  event: string;
}

/** The window of a recovery: deliveries created in it. */
export class RecoverWindowDto {
  @ApiProperty({ format: 'date-time', example: '2026-11-22T00:00:00Z', description: 'deliveries created at or after this instant (ISO 8601)' })
  @Required()
  @MustBeString()
  @MustBeDate('since')
  since: string;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'and at or before this one; absent: until now' })
  @IsOptional()
  @MustBeString()
  @MustBeDate('until')
  until?: string | null;
}

export class RecoverDeliveriesDto extends RecoverWindowDto {
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true: only count the failed deliveries of the window (what the dashboard shows first)' })
  @IsOptional()
  @MustBeBoolean()
  dry_run?: boolean | null;
}
