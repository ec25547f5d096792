import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { AtMostCharacters, MustBeObject, MustBeString, Required } from '../../http/validation';

export class ConnectAccountDto {
  @ApiProperty({
    example: 'sandbox',
    description: "the platform: `sandbox` (built in, never leaves the machine), `bluesky`, `mastodon`, `telegram`, `discord`; `x`, `linkedin`, `facebook`, `instagram`, `threads`, `youtube`, `tiktok`, `pinterest` and `reddit` with `code` and `redirect_uri` (or their tokens: PRODUCT.md, More providers) of an OAuth authorization, or through POST .../accounts/connect/{provider}",
  })
  @Required()
  @MustBeString()
  @AtMostCharacters(64)
  provider: string;

  @ApiProperty({ type: String, required: false, example: 'Acme on Sandbox', description: 'default: the display name the provider reports' })
  @IsOptional()
  @MustBeString()
  @AtMostCharacters(255)
  name?: string | null;

  @ApiProperty({ type: String, required: false, nullable: true, example: 'acme', description: 'default: the handle the provider reports' })
  @IsOptional()
  @MustBeString()
  @AtMostCharacters(255)
  username?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { outcome: 'success' },
    description:
      'provider settings: sandbox `outcome`; bluesky `service` (PDS URL); mastodon `instance` (required); telegram `chat_id` (required), `api_url`; discord none',
  })
  @IsOptional()
  @MustBeObject()
  settings?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'provider credentials, checked with the platform before the account exists, stored encrypted by the publisher, never returned: bluesky `identifier`, `app_password`; mastodon `access_token`; telegram `bot_token`; discord `webhook_url`',
  })
  @IsOptional()
  @MustBeObject()
  credentials?: Record<string, unknown>;
}
