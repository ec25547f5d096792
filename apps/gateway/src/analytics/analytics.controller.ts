import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { POST_METRIC_NAMES } from '@app/domain';
import { CurrentMembership, Membership } from '../auth/authenticated-user';
import { WorkspaceRoute } from '../auth/route-access';
import { ApiErrorResponses, Failures } from '../http/openapi/api-error-responses';
import { AnalyticsDoc } from './analytics.doc';
import { analyticsQueryOf, AnalyticsQueryDto, MAX_RANGE_DAYS } from './analytics-query.dto';
import { AnalyticsRow, PostMetricsStore } from './post-metrics-store';

/** A workspace's figures added up per account and day. */
@Controller(':workspaceUuid/analytics')
@WorkspaceRoute('analytics')
export class AnalyticsController {
  constructor(private readonly metrics: PostMetricsStore) {}

  @Get()
  @ApiOperation({ summary: 'Totals of the latest figures of the posts published in a range, per account and per day (UTC); `format=csv` for CSV' })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: AnalyticsDoc })
  @ApiErrorResponses({ 422: `${Failures.validation} For from, to (YYYY-MM-DD, from not after to, at most ${MAX_RANGE_DAYS} days), account_id or format.`, 503: Failures.unavailable })
  async totals(@CurrentMembership() membership: Membership, @Query() query: AnalyticsQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ data: AnalyticsRow[] } | string> {
    const rows = await this.metrics.totals(analyticsQueryOf(membership.workspaceUuid, query));
    if (query.format !== 'csv') return { data: rows };
    void reply.header('content-type', 'text/csv; charset=utf-8');
    void reply.header('content-disposition', 'attachment; filename="analytics.csv"');
    return analyticsCsv(rows);
  }
}

/** The rows as CSV (RFC 4180), a header row first; an empty figure is one the platform does not report. */
export function analyticsCsv(rows: readonly AnalyticsRow[]): string {
  const header = ['date', 'account_id', 'provider', 'posts', ...POST_METRIC_NAMES];
  const lines = rows.map((row) => [row.date, row.account_id, csvText(row.provider), row.posts, ...POST_METRIC_NAMES.map((name) => row.metrics[name] ?? '')].join(','));
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

const csvText = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
