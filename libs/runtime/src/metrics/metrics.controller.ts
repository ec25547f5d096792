import { Controller, Get, Header, Logger } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PROMETHEUS_CONTENT_TYPE, prometheusText } from '@app/telemetry';
import { errorMessage } from '@app/errors';

/**
 * `GET /metrics`: what the app's instruments recorded, for Prometheus to scrape. Outside the API
 * (no prefix, no token): deployments keep it off the ingress.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  private readonly logger = new Logger('Metrics');

  @Get()
  @Header('Content-Type', PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  async metrics(): Promise<string> {
    const { text, errors } = await prometheusText();
    for (const error of errors) this.logger.warn(`A metric could not be collected: ${errorMessage(error)}`);
    return text;
  }
}
