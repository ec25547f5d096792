import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { TokenSummary } from '../../../auth/token-store';

@ApiSchema({ name: 'TokenSummary', description: 'A token as listings show it: never the token itself or its digest' })
export class TokenSummaryDoc implements TokenSummary {
  @ApiProperty({ type: 'integer', example: 3 })
  id: number;

  @ApiProperty({ example: 'ci' })
  name: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: never expires (an expired token is listed until revoked)' })
  expires_at: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'the last request it authenticated, to the minute; null: never used' })
  last_used_at: string | null;
}
