export * from './sql-dialect';
export * from './sql-database';
export * from './schema-migrations';
export * from './sqlite/open-sqlite-database';
// PostgreSQL comes from '@app/persistence/postgres', loaded only where it is used (not in embedded mode).
export * from './encrypted-columns';
export * from './periodic-task';
export * from './due-work';
export * from './prepared-query';
export * from './schema-migrations-at-start';
export { sqliteStatementCounts } from './sqlite/node-sqlite-connection';
