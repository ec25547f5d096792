import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy, ValidateIf } from 'class-validator';
import { isPostStatus, POST_STATUSES, PostStatus } from '@app/contracts';
import { FieldMessages } from '@app/domain';
import { OneOf } from '../../http/validation';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** A whole number from 1 to `max` written in the query; empty takes the default. */
const PageNumber = (max: number) =>
  ValidateBy({
    name: 'pageNumber',
    validator: {
      validate: (value: unknown) => value === '' || (typeof value === 'string' && /^\d{1,16}$/.test(value) && Number(value) >= 1 && Number(value) <= max),
      defaultMessage: (args) => {
        const { property, value } = args!;
        if (typeof value !== 'string' || !/^\d{1,16}$/.test(value)) return FieldMessages.integer(property);
        return Number(value) < 1 ? `The ${property} field must be at least 1.` : `The ${property} field must not be greater than ${max}.`;
      },
    },
  });

/** `?status=&page=&limit=`: an empty or absent value takes the default; anything else must be valid (a repeated one is not). */
export class ListPostsQueryDto {
  @ApiPropertyOptional({ enum: POST_STATUSES, enumName: 'PostStatus', description: 'only posts in this status' })
  @ValidateIf((query: ListPostsQueryDto) => query.status !== undefined && query.status !== '')
  @OneOf(POST_STATUSES)
  status?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @ValidateIf((query: ListPostsQueryDto) => query.page !== undefined)
  @PageNumber(Number.MAX_SAFE_INTEGER)
  page?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })
  @ValidateIf((query: ListPostsQueryDto) => query.limit !== undefined)
  @PageNumber(MAX_LIMIT)
  limit?: string;
}

export interface ListQuery {
  status: PostStatus | null;
  page: number;
  limit: number;
}

/** The query with its defaults, once valid. */
export const listQueryOf = ({ status, page, limit }: ListPostsQueryDto): ListQuery => ({
  status: isPostStatus(status) ? status : null,
  page: page ? Number(page) : 1,
  limit: limit ? Number(limit) : DEFAULT_LIMIT,
});
