import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { sql } from 'kysely';
import { DATABASE, SqlDatabase } from '@app/persistence';

/** Liveness (the process answers) and readiness (its database answers), for probes. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE) private readonly database: SqlDatabase,
  ) {}

  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      async () => {
        const indicator = this.indicators.check('database');
        try {
          await sql`SELECT 1`.execute(this.database.kysely);
          return indicator.up();
        } catch (error) {
          // The cause goes to the log of the database client, not to whoever asks for readiness.
          void error;
          return indicator.down({ message: 'The database does not answer.' });
        }
      },
    ]);
  }
}
