import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PostMetricsEntry } from '@app/contracts';
import type { PostMetrics } from '@app/domain';
import type { AnalyticsRow } from './post-metrics-store';

const FIGURE = { type: 'integer', minimum: 0, nullable: true } as const;

/** Every figure of a post, null where the platform does not report it (the domain's figures: one added there does not compile until it is described here). */
@ApiSchema({ name: 'PostMetrics', description: 'A post’s figures; null where the platform does not report the figure (never 0 for “not reported”).' })
export class PostMetricsDoc implements PostMetrics {
  @ApiProperty({ ...FIGURE, example: 120 }) impressions: number | null;
  @ApiProperty({ ...FIGURE, example: 4 }) likes: number | null;
  @ApiProperty({ ...FIGURE, example: 1 }) replies: number | null;
  @ApiProperty({ ...FIGURE, example: 2 }) reposts: number | null;
  @ApiProperty({ ...FIGURE, example: 0 }) quotes: number | null;
  @ApiProperty({ ...FIGURE, example: null }) saves: number | null;
  @ApiProperty({ ...FIGURE, example: null }) clicks: number | null;
  @ApiProperty({ ...FIGURE, example: null }) views: number | null;
}

@ApiSchema({ name: 'PostMetricsEntry' })
export class PostMetricsEntryDoc implements Omit<PostMetricsEntry, 'metrics'> {
  @ApiProperty({ type: 'integer', example: 1 }) account_id: number;
  @ApiProperty({ example: 'bluesky' }) provider: string;
  @ApiProperty({ description: 'false for a platform that reports no figures (Telegram, Discord)' }) supported: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the figures were read; null before the first reading' }) collected_at: string | null;
  @ApiProperty({ type: PostMetricsDoc }) metrics: PostMetricsDoc;
}

@ApiSchema({ name: 'PostMetricsList' })
export class PostMetricsListDoc {
  @ApiProperty({ type: [PostMetricsEntryDoc] }) data: PostMetricsEntryDoc[];
}

@ApiSchema({ name: 'AnalyticsDay' })
export class AnalyticsDayDoc implements AnalyticsRow {
  @ApiProperty({ type: String, format: 'date', example: '2026-12-01', description: 'the day (UTC) the posts were published' }) date: string;
  @ApiProperty({ type: 'integer', example: 1 }) account_id: number;
  @ApiProperty({ example: 'bluesky' }) provider: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'posts published on the account that day' }) posts: number;
  @ApiProperty({ type: PostMetricsDoc, description: 'sums of their latest figures; null where none of them has the figure' }) metrics: PostMetricsDoc;
}

@ApiSchema({ name: 'Analytics' })
export class AnalyticsDoc {
  @ApiProperty({ type: [AnalyticsDayDoc] }) data: AnalyticsDayDoc[];
}
