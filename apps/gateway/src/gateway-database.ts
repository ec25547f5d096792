import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { runMigrations, SQL_CLIENT, SqlClient } from '@app/persistence';
import { BootstrapAdmin } from './auth/bootstrap-admin/bootstrap-admin';
import { GATEWAY_SCHEMA, gatewayMigrations } from './gateway-migrations';

/** Brings the `gateway` schema up to date, then makes sure an admin can log in. */
@Injectable()
export class GatewayDatabase implements OnModuleInit {
  private readonly logger = new Logger('Gateway');

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly bootstrapAdmin: BootstrapAdmin,
  ) {}

  async onModuleInit(): Promise<void> {
    const applied = await runMigrations(this.sql, GATEWAY_SCHEMA, gatewayMigrations);
    if (applied.length > 0) this.logger.log(`Applied migrations to schema ${GATEWAY_SCHEMA}: ${applied.join(', ')}`);
    await this.bootstrapAdmin.run();
  }
}
