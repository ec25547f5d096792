import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { AccountView } from './account-store';

/* OpenAPI description of the Account resource. Credentials are never part of it. */

@ApiSchema({ name: 'AccountLimits' })
class AccountLimitsDoc {
  @ApiProperty({ type: 'integer', nullable: true, description: 'the longest text of one content item on this account, counted as its platform counts', example: 1000 })
  text: number | null;
}

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

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description:
      'when the account’s token expires, if it cannot be refreshed (the platform gave no refresh token) and expires within ACCOUNT_EXPIRY_WARNING_DAYS, as the webhook event `account.token_expiring` announces; null otherwise, and again once the account is connected anew',
    example: null,
  })
  token_expires_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({
    type: AccountLimitsDoc,
    nullable: true,
    description: 'where the connected account narrows its platform’s limits (a Mastodon instance’s `max_characters`); null when it narrows none',
  })
  limits: AccountLimitsDoc | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    description: 'option name -> the choices this account offers, where they differ from its platform’s (a TikTok creator’s privacy levels); {} when none differ',
    example: { privacy_level: ['MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] },
  })
  options: Record<string, readonly string[]>;
}
