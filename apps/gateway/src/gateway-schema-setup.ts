import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { migrateSchema } from '@app/persistence';
import { BootstrapAdmin } from './auth/bootstrap-admin/bootstrap-admin';
import { GATEWAY_DATABASE, GATEWAY_SCHEMA, GatewayDatabase, gatewayMigrations } from './gateway-migrations';

/** Brings the `gateway` schema up to date, then makes sure an admin can log in. */
@Injectable()
export class GatewaySchemaSetup implements OnModuleInit {
  private readonly logger = new Logger('Gateway');

  constructor(
    @Inject(GATEWAY_DATABASE) private readonly database: GatewayDatabase,
    private readonly bootstrapAdmin: BootstrapAdmin,
  ) {}

  async onModuleInit(): Promise<void> {
    const applied = await migrateSchema(this.database, gatewayMigrations);
    if (applied.length > 0) this.logger.log(`Applied migrations to schema ${GATEWAY_SCHEMA}: ${applied.join(', ')}`);
    await this.bootstrapAdmin.run();
  }
}
