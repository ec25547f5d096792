import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import { OneOf } from '../../http/validation';
import { PostDoc } from '../post.doc';
import { ImportLimits } from './import-rows';
import type { ImportRowReport } from './post-importer';

/* OpenAPI description of an import: its query, its rows, and its answers. */

/** `?dry_run=true`: check every row, create nothing. */
export class ImportPostsQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false', description: 'true: check every row and create nothing (200 with each row\'s errors)' })
  @ValidateIf((query: ImportPostsQueryDto) => query.dry_run !== undefined && query.dry_run !== '')
  @OneOf(['true', 'false'])
  dry_run?: string;
}

/** A list written as ids (or words) separated by `|`, or, in JSON, the list itself. */
const listOf = (items: { type: 'integer' | 'string' }, example: string) => ({ oneOf: [{ type: 'string', example }, { type: 'array', items }] });

@ApiSchema({ name: 'ImportRow', description: 'a row of an import: one post. In CSV, the header row names these columns, and every value is text' })
export class ImportRowDoc {
  @ApiProperty({ type: String, example: 'Our spring sale starts today.', description: 'the text of the post (its original version\'s one content item)' })
  text: string;

  @ApiProperty({ ...listOf({ type: 'integer' }, '1|2'), description: 'account ids separated by `|` (in JSON, an array of ids too)' })
  accounts: string | number[];

  @ApiPropertyOptional({ type: String, example: '2030-12-01T09:30:00+01:00', description: 'ISO 8601 with an offset: the post is scheduled then. Neither this nor queue: a draft' })
  scheduled_at?: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false', ''] }],
    example: 'true',
    description: 'true: the post takes the queue\'s next free slot; rows that take the queue take its free slots in row order',
  })
  queue?: boolean | string;

  @ApiPropertyOptional({ ...listOf({ type: 'string' }, ''), description: 'media ids separated by `|` (in JSON, an array too)' })
  media?: string | string[];

  @ApiPropertyOptional({ ...listOf({ type: 'string' }, 'spring|sale'), description: 'tags separated by `|` (in JSON, an array too)' })
  tags?: string | string[];
}

export const IMPORT_BODY_DESCRIPTION =
  `At most ${ImportLimits.rows} rows, as CSV (Content-Type: text/csv; a header row naming the columns, then a record a row; RFC 4180 quoting, so a text may hold commas, quotes and line breaks; a byte order mark is allowed) ` +
  'or as a JSON array of rows. The body may be up to 4 MB.';

/** Two drafts for account 1, the first account of a workspace. */
export const IMPORT_JSON_EXAMPLE = [
  { text: 'Our spring sale starts today.', accounts: [1], tags: ['sale'] },
  { text: 'Our new guide is out.', accounts: '1' },
];

export const IMPORT_CSV_EXAMPLE = 'text,accounts,scheduled_at,queue,tags\n"Spring sale, day one",1,2030-12-01T09:30:00+01:00,,sale\nOur new guide is out,1|2,,true,\n';

@ApiSchema({ name: 'ImportRowReport' })
class ImportRowReportDoc implements ImportRowReport {
  @ApiProperty({ type: 'integer', example: 0, description: 'the row, from 0 (the first row after a CSV header)' })
  row: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { accounts: ['The selected account is invalid.'] },
    description: 'per column, the messages POST posts gives for that field; {} for a valid row',
  })
  errors: Record<string, string[]>;
}

@ApiSchema({ name: 'ImportDryRun' })
export class ImportDryRunDoc {
  @ApiProperty({ example: false, description: 'every row is valid: the same import without dry_run would create every post' })
  valid: boolean;

  @ApiProperty({ type: [ImportRowReportDoc] })
  rows: ImportRowReportDoc[];
}

@ApiSchema({ name: 'ImportedPosts' })
export class ImportedPostsDoc {
  @ApiProperty({ type: [PostDoc], description: 'the posts created, in row order' })
  data: PostDoc[];
}
