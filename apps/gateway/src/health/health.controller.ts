import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { SQL_CLIENT, SqlClient } from '@app/persistence';

/** Liveness and readiness, outside /api and without a token, for orchestrators and scripts. */
@Controller('health')
@ApiTags('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}

  @Get('live')
  @HealthCheck()
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  /** Ready once the gateway's database answers (migrations and bootstrap ran before the server listened). */
  @Get('ready')
  @HealthCheck()
  ready(): Promise<HealthCheckResult> {
    return this.health.check([
      async () => {
        const database = this.indicators.check('database');
        try {
          await this.sql.query('SELECT 1');
          return database.up();
        } catch (error) {
          return database.down({ message: error instanceof Error ? error.message : String(error) });
        }
      },
    ]);
  }
}
