import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsInt, IsOptional } from 'class-validator';
import { FieldMessages } from '@app/domain';
import { AtMostCharacters, MustBeString, OneOf, Required } from '../http/validation';
import type { FeedView } from './feed-store';

export const FEED_MODES = ['draft', 'queue'] as const;
export const DEFAULT_FEED_TEMPLATE = '{title} {link}';
const MAX_ACCOUNTS = 50;

export class FollowFeedDto {
  @ApiProperty({ format: 'uri', maxLength: 2000, example: 'https://blog.example.com/feed.xml', description: 'an RSS 2.0 or Atom feed, over http or https' })
  @Required()
  @MustBeString()
  @AtMostCharacters(2000)
  url: string;

  @ApiProperty({ type: [Number], example: [1], description: 'the accounts each new item’s post goes to' })
  @Required()
  @IsArray({ message: FieldMessages.array('accounts') })
  @ArrayNotEmpty({ message: FieldMessages.required('accounts') })
  @ArrayMaxSize(MAX_ACCOUNTS, { message: FieldMessages.maxItems('accounts', MAX_ACCOUNTS) })
  @IsInt({ each: true, message: FieldMessages.integer('accounts') })
  accounts: number[];

  @ApiProperty({ enum: FEED_MODES, description: 'each new item as a draft, or in the next free slot of the posting queue' })
  @Required()
  @OneOf(FEED_MODES)
  mode: (typeof FEED_MODES)[number];

  @ApiPropertyOptional({ type: String, maxLength: 1000, default: DEFAULT_FEED_TEMPLATE, description: 'the post’s text: `{title}`, `{link}` and `{summary}` are the item’s' })
  @IsOptional()
  @MustBeString()
  @AtMostCharacters(1000)
  template?: string | null;
}

@ApiSchema({ name: 'Feed' })
export class FeedDoc implements FeedView {
  @ApiProperty({ type: 'integer', example: 1 }) id: number;
  @ApiProperty({ format: 'uri' }) url: string;
  @ApiProperty({ type: [Number] }) accounts: number[];
  @ApiProperty({ enum: FEED_MODES }) mode: (typeof FEED_MODES)[number];
  @ApiProperty({ example: DEFAULT_FEED_TEMPLATE }) template: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when it was last read; null before its first read' }) last_polled_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'why its last read failed, or why an item of it was not posted; null when it went well', example: null })
  last_error: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}
