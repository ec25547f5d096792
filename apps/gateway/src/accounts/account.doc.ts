import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { AccountView } from './account-store';

/* OpenAPI description of the Account resource. Credentials are never part of it. */

@ApiSchema({ name: 'Account' })
export class AccountDoc implements AccountView {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ example: 'sandbox' })
  provider: string;

  @ApiProperty({ example: 'Acme on Sandbox' })
  name: string;

  @ApiProperty({ type: String, nullable: true, example: 'acme' })
  username: string | null;

  @ApiProperty({ description: 'whether the provider accepted the credentials' })
  authorized: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uri',
    description: 'the account’s picture on its platform, as the provider reported it at connect (Bluesky’s profile picture, Mastodon’s `avatar`, ...); null when it told none',
    example: 'https://files.mastodon.social/accounts/avatars/000/000/001/original/avatar.png',
  })
  avatar_url: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}
