import { InjectionToken, Logger, OnModuleInit, Provider } from '@nestjs/common';
import { migrateSchema, SchemaMigration } from './schema-migrations';
import { SchemaDatabase } from './sql-database';

/**
 * Brings one service's schema up to date when its module initialises. Every module's
 * initialisation ends before any application-bootstrap hook runs, so no consumer subscribes, no
 * loop starts and no first admin is made before the tables they use exist.
 */
export class SchemaMigrationsAtStart implements OnModuleInit {
  private readonly logger = new Logger('SchemaMigrations');

  constructor(
    private readonly database: SchemaDatabase,
    private readonly migrations: readonly SchemaMigration[],
  ) {}

  async onModuleInit(): Promise<void> {
    const applied = await migrateSchema(this.database, this.migrations);
    if (applied.length > 0) this.logger.debug(`Applied migrations to schema ${this.database.schema}: ${applied.join(', ')}`);
  }
}

/** The provider that migrates a service's schema at start: `database` is the token of the service's SchemaDatabase. */
export const schemaMigrationsAtStart = (database: InjectionToken, migrations: readonly SchemaMigration[]): Provider => ({
  provide: SchemaMigrationsAtStart,
  inject: [database],
  useFactory: (schema: SchemaDatabase) => new SchemaMigrationsAtStart(schema, migrations),
});
