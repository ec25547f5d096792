import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PipelineView, StuckPostView } from './pipeline-view';
import { StuckReasons } from './posts-in-flight';

type Stages = PipelineView['stages'];
type ConsumerGroupLag = NonNullable<PipelineView['consumer_groups']>[number];

@ApiSchema({ name: 'ConsumerGroupLag' })
class ConsumerGroupLagDoc implements ConsumerGroupLag {
  @ApiProperty({ example: 'publisher' })
  group: string;
  @ApiProperty({ example: 'post-publishing' })
  topic: string;
  @ApiProperty({ type: 'integer', description: 'messages on the topic the group has not handled yet, over all partitions', example: 0 })
  lag: number;
  @ApiProperty({ type: 'integer', example: 4 })
  partitions: number;
}

@ApiSchema({ name: 'PipelineTimers' })
class TimersDoc {
  @ApiProperty({ type: 'integer', description: 'scheduled posts whose time has come and whose publishing has not started' })
  due: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  oldest_due_at: string | null;
  @ApiProperty({ type: 'integer', description: 'seconds since the oldest was due' })
  late_seconds: number;
}

@ApiSchema({ name: 'PipelinePublishing' })
class PublishingDoc {
  @ApiProperty({ type: 'integer' })
  in_progress: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'the last change of the post publishing longest' })
  oldest_since: string | null;
  @ApiProperty({ type: 'integer' })
  seconds: number;
}

@ApiSchema({ name: 'PipelineDeliveries' })
class DeliveriesDoc {
  @ApiProperty({ type: 'integer', description: 'deliveries of active webhooks still to make' })
  pending: number;
  @ApiProperty({ type: 'integer', description: 'of those, the ones waiting for a retry' })
  retrying: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  oldest_due_at: string | null;
  @ApiProperty({ type: 'integer' })
  late_seconds: number;
}

@ApiSchema({ name: 'PipelineDeadLetters' })
class DeadLettersDoc {
  @ApiProperty({ type: 'integer', description: 'not yet replayed' })
  waiting: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  oldest_at: string | null;
}

@ApiSchema({ name: 'PipelineStages' })
class StagesDoc implements Stages {
  @ApiProperty({ type: TimersDoc })
  timers: TimersDoc;
  @ApiProperty({ type: PublishingDoc })
  publishing: PublishingDoc;
  @ApiProperty({ type: DeliveriesDoc, nullable: true, description: 'null when the webhook-dispatcher did not answer' })
  deliveries: DeliveriesDoc | null;
  @ApiProperty({ type: DeadLettersDoc })
  dead_letters: DeadLettersDoc;
}

@ApiSchema({ name: 'StuckPost' })
class StuckPostDoc implements StuckPostView {
  @ApiProperty({ format: 'uuid' })
  uuid: string;
  @ApiProperty({ format: 'uuid' })
  workspace_uuid: string;
  @ApiProperty({ enum: ['scheduled', 'publishing'] })
  status: 'scheduled' | 'publishing';
  @ApiProperty({ format: 'date-time', description: 'its due time (scheduled) or its last change (publishing)' })
  since: string;
  @ApiProperty({ example: StuckReasons.late })
  reason: string;
}

@ApiSchema({ name: 'Pipeline' })
export class PipelineDoc implements PipelineView {
  @ApiProperty({ format: 'date-time' })
  checked_at: string;
  @ApiProperty({ description: 'true when no problem was found' })
  healthy: boolean;
  @ApiProperty({ type: [String], example: ['3 webhook deliveries wait; the oldest has been due for 95 s (is the webhook-dispatcher running?).'] })
  problems: string[];
  @ApiProperty({ type: [ConsumerGroupLagDoc], nullable: true, description: 'null when the broker did not answer' })
  consumer_groups: ConsumerGroupLagDoc[] | null;
  @ApiProperty({ type: StagesDoc })
  stages: StagesDoc;
  @ApiProperty({ type: [StuckPostDoc], description: 'at most 20 late scheduled posts and 20 posts publishing too long, oldest first' })
  stuck_posts: StuckPostDoc[];
}
