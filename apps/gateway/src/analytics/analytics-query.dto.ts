import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy, ValidateIf } from 'class-validator';
import { FieldMessages } from '@app/domain';
import { validationFailed } from '../http/api-error';
import { OneOf } from '../http/validation';
import type { AnalyticsQuery } from './post-metrics-store';

/** Days of a range when `from` is not given: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range one request may ask for. */
export const MAX_RANGE_DAYS = 366;
export const ANALYTICS_FORMATS = ['json', 'csv'] as const;
const DAY_MS = 86_400_000;

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A day written `YYYY-MM-DD`. */
const Day = () => ValidateBy({ name: 'day', validator: { validate: isDay, defaultMessage: (args) => `${FieldMessages.date(args!.property)} Use YYYY-MM-DD.` } });

/** `?from=&to=&account_id=&format=`: every one optional. */
export class AnalyticsQueryDto {
  @ApiPropertyOptional({ type: String, format: 'date', description: `first day (UTC), default ${DEFAULT_RANGE_DAYS - 1} days before \`to\`` })
  @ValidateIf((query: AnalyticsQueryDto) => query.from !== undefined && query.from !== '')
  @Day()
  from?: string;

  @ApiPropertyOptional({ type: String, format: 'date', description: 'last day (UTC), included; default today' })
  @ValidateIf((query: AnalyticsQueryDto) => query.to !== undefined && query.to !== '')
  @Day()
  to?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'only this account' })
  @ValidateIf((query: AnalyticsQueryDto) => query.account_id !== undefined && query.account_id !== '')
  @ValidateBy({ name: 'accountId', validator: { validate: (value: unknown) => typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value), defaultMessage: () => FieldMessages.integer('account_id') } })
  account_id?: string;

  @ApiPropertyOptional({ enum: ANALYTICS_FORMATS, default: 'json', description: '`csv`: the same rows as CSV, with a header row' })
  @ValidateIf((query: AnalyticsQueryDto) => query.format !== undefined && query.format !== '')
  @OneOf(ANALYTICS_FORMATS)
  format?: string;
}

/** The query with its defaults; 422 when `from` is after `to` or the range is longer than MAX_RANGE_DAYS. */
export function analyticsQueryOf(workspaceUuid: string, query: AnalyticsQueryDto, today = new Date()): AnalyticsQuery {
  const to = query.to || today.toISOString().slice(0, 10);
  const from = query.from || new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw validationFailed({ from: ['The from field must be a date before or equal to to.'] });
  if (days > MAX_RANGE_DAYS) throw validationFailed({ to: [`The range from from to to must not be longer than ${MAX_RANGE_DAYS} days.`] });
  return { workspaceUuid, from, to, accountId: query.account_id ? Number(query.account_id) : null };
}
