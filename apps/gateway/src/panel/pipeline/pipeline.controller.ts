import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { PanelRoute } from '../../auth/route-access';
import { PipelineDoc } from './pipeline.doc';
import { PipelineReport } from './pipeline-report';
import type { PipelineView } from './pipeline-view';

@Controller('panel/pipeline')
@PanelRoute('panel')
export class PipelineController {
  constructor(private readonly report: PipelineReport) {}

  @Get()
  @ApiOperation({
    summary: 'Is anything stuck?',
    description:
      'Per consumer group the messages not yet handled, the oldest item of each stage (a scheduled post due, a post publishing, a webhook delivery, a dead letter), the posts held too long, and the problems found, in words.',
  })
  @ApiOkResponse({ type: PipelineDoc })
  now(): Promise<PipelineView> {
    return this.report.now();
  }
}
