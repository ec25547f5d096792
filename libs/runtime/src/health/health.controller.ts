import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { sql } from 'kysely';
import { DATABASE, SqlDatabase } from '@app/persistence';
import { READINESS_WATCH, ReadinessWatch } from './readiness-watch';

/**
 * Liveness (the process answers) and readiness, for probes: the database answers, every loop of
 * the app keeps turning, and every consumer group member is in its group (see ReadinessWatch).
 * Not ready answers 503 with the reason of each check that failed under `error`.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE) private readonly database: SqlDatabase,
    @Inject(READINESS_WATCH) private readonly watch: ReadinessWatch,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the process can serve requests' })
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
      () => this.problems('loops', this.watch.stalledLoops()),
      () => this.problems('consumers', this.watch.absentMembers()),
    ]);
  }

  private problems(name: string, problems: string[]) {
    const indicator = this.indicators.check(name);
    return problems.length === 0 ? indicator.up() : indicator.down({ message: problems.join('; ') });
  }
}
