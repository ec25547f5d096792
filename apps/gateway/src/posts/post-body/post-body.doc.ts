import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { FieldMessages, PostBodyLimits, RecycleLimits, type RecyclePlan } from '@app/domain';

/* OpenAPI description of the post body. The body itself is checked by validatePostBody, which refuses any field not described here (PostBodyFields). */

/** What a post body with a field the API does not know answers, for the 422 of each route that takes one. */
/** A post body the API accepts as it is: the original published now to account 1. */
export const POST_BODY_EXAMPLE = { versions: [{ account_id: 0, is_original: true, content: [{ body: 'Launch day: our new app is out.', media: [] }] }], accounts: [1], schedule_now: true };

export const UNKNOWN_FIELD_REFUSED =
  `A field the API does not know (at the top, in a version or in a content item) is refused under its path: "${FieldMessages.notRecognized('scheduleNow', 'schedule_now')}" ` +
  '(the known field is named when it is one edit, or a change of case or separators, away).';

@ApiSchema({ name: 'RecyclePlan', description: 'publish the post again once it is published: a copy every interval_days, times copies in all' })
export class RecyclePlanDoc implements RecyclePlan {
  @ApiProperty({ type: 'integer', example: 7, minimum: RecycleLimits.intervalDays.min, maximum: RecycleLimits.intervalDays.max })
  interval_days: number;

  @ApiProperty({ type: 'integer', example: 3, minimum: RecycleLimits.times.min, maximum: RecycleLimits.times.max })
  times: number;
}

@ApiSchema({ name: 'PostContent', description: 'a content item: body and media, no other field' })
export class PostContentDoc {
  @ApiProperty({ example: 'Hello, world', maxLength: PostBodyLimits.bodyCharacters })
  body: string;

  @ApiProperty({ type: [String], example: [] })
  media: string[];
}

@ApiSchema({ name: 'PostVersionInput', description: 'a version: account_id, is_original, content and options, no other field' })
class PostVersionInputDoc {
  @ApiProperty({ type: 'integer', example: 0, description: '0 for the original; otherwise the account this version is written for' })
  account_id: number;

  @ApiProperty({ example: true, description: 'exactly one version, the first, is the original' })
  is_original: boolean;

  @ApiProperty({
    type: [PostContentDoc],
    maxItems: PostBodyLimits.contentItems,
    description:
      'the first item is the post, each further one a reply (a thread: X, Bluesky, Mastodon, Threads, Telegram) or a first comment (Facebook, Instagram, LinkedIn, YouTube, Reddit: at most 2 items); Discord, TikTok and Pinterest publish one. When scheduling, every item needs a body or media, and each is held to its platform\'s text limit on its own',
  })
  content: PostContentDoc[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { mastodon: { sensitive: true, spoiler_text: 'Spoilers' } },
    description: `one object per platform that needs choices, keyed by provider name, checked when the post is scheduled: mastodon \`sensitive\`, \`spoiler_text\`; instagram and facebook \`type\`; youtube \`title\`, \`privacy\`, \`tags\`; tiktok \`privacy_level\`, \`disable_comment\`; pinterest \`board_id\`, \`title\`, \`link\`; reddit \`subreddit\`, \`title\`, \`flair_id\`, \`flair_text\`. At most ${PostBodyLimits.optionsDepth} levels deep and ${PostBodyLimits.optionsCharacters} characters as JSON`,
  })
  options?: Record<string, unknown>;
}

@ApiSchema({ name: 'PostBody', description: `the body of a post create or update. ${UNKNOWN_FIELD_REFUSED}` })
export class PostBodyDoc {
  @ApiProperty({ type: [PostVersionInputDoc], maxItems: PostBodyLimits.versions, description: 'no text anywhere in the body may hold a NUL character' })
  versions: PostVersionInputDoc[];

  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    example: [1],
    description: 'ids of accounts of this workspace; when scheduling, the version for each must fit its platform text limit',
  })
  accounts?: number[];

  @ApiPropertyOptional({ example: '2026-11-22', description: 'Y-m-d' })
  date?: string;

  @ApiPropertyOptional({ example: '09:30', description: 'H:i' })
  time?: string;

  @ApiPropertyOptional({ example: 'Europe/Paris', default: 'UTC', description: 'IANA time zone of date and time' })
  timezone?: string;

  @ApiPropertyOptional({ example: '2026-11-22T09:30:00+01:00', description: 'ISO 8601 with offset; instead of date + time' })
  scheduled_at?: string;

  @ApiPropertyOptional({
    description:
      'schedule at date + time (or scheduled_at); on an update without a time, at the time the post has. ' +
      'Without it (or queue, schedule_now) the post is a draft that keeps the time it is given, past ones too',
  })
  schedule?: boolean;

  @ApiPropertyOptional({ description: 'publish as soon as possible' })
  schedule_now?: boolean;

  @ApiPropertyOptional({
    description:
      "schedule at the next free slot of the workspace's queue (GET /{workspaceUuid}/queue), instead of date, time, scheduled_at or schedule_now; " +
      'a slot is free when no post of the workspace that is scheduled, needs_approval or publishing is due then. 422 under queue when the queue has no slots',
  })
  queue?: boolean;

  @ApiPropertyOptional({ type: [String], example: ['launch'], maxItems: PostBodyLimits.tags })
  tags?: string[];

  @ApiPropertyOptional({
    type: RecyclePlanDoc,
    nullable: true,
    description:
      'publish the post again: once it is published, a copy (same versions, accounts and media, a post of its own with recycled_from) is scheduled interval_days after its published_at, ' +
      'then each following copy interval_days later (counted from the first publication, so copies keep its time of day), until times copies were made. ' +
      'Absent or null on an update: no more copies',
  })
  recycle?: RecyclePlan | null;
}
