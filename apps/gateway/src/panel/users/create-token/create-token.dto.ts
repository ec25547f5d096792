import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { AtMostCharacters, MustBeString, Required } from '../../../http/validation';

export class CreateTokenDto {
  @ApiProperty({ example: 'ci' })
  @Required()
  @MustBeString()
  @AtMostCharacters(255)
  name: string;

  @ApiProperty({ type: String, format: 'date-time', required: false, nullable: true, example: '2027-01-01T00:00:00Z', description: 'ISO 8601, not later than the expiry of the token sending the request; absent or null: the expiry of that token (never, for a token without one)' })
  @IsOptional()
  @MustBeString()
  expires_at?: string | null;
}
