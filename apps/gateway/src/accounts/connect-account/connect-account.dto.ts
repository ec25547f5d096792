import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { AtMostCharacters, MustBeObject, MustBeString, Required } from '../../http/validation';

export class ConnectAccountDto {
  @ApiProperty({ example: 'sandbox', description: 'the platform; `sandbox` is built in and never leaves the machine' })
  @Required()
  @MustBeString()
  @AtMostCharacters(64)
  provider: string;

  @ApiProperty({ required: false, example: 'Acme on Sandbox', description: 'default: the display name the provider reports' })
  @IsOptional()
  @MustBeString()
  @AtMostCharacters(255)
  name?: string | null;

  @ApiProperty({ required: false, nullable: true, example: 'acme', description: 'default: the handle the provider reports' })
  @IsOptional()
  @MustBeString()
  @AtMostCharacters(255)
  username?: string | null;

  @ApiProperty({ required: false, example: { outcome: 'success' }, description: 'provider settings' })
  @IsOptional()
  @MustBeObject()
  settings?: Record<string, unknown>;

  @ApiProperty({ required: false, description: 'provider credentials: stored encrypted by the publisher, never returned' })
  @IsOptional()
  @MustBeObject()
  credentials?: Record<string, unknown>;
}
